import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button, buttonClasses } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { Skeleton } from "@/components/ui/Skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { IconLink, IconPlus } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { useProducts } from "@/features/products";
import { ProductDialog } from "@/features/products";
import { IconBox } from "@/components/navIcons";
import { formatCount, formatMoney, STATUS_LABELS } from "@/features/admin/lib/format";
import { MoneyLines } from "@/components/MoneyLines";
import { totalsByCurrency } from "@/lib/format";
import { SectionHeader } from "./SectionHeader";
import { StatCard } from "./StatCard";

/** My Products: the admin's own products (admins sell too, with no product limit). */
export function MyProductsSection() {
  const products = useProducts();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const list = products.data ?? [];
  const edited = list.find((p) => p.id === editing);
  const active = list.filter((p) => p.is_active).length;
  const sales = list.reduce((s, p) => s + p.sales_count, 0);
  // Each product earns in its own currency: one total per currency, never one sum.
  const revenue = totalsByCurrency(list.map((p) => ({ amount: p.total_revenue, currency: p.currency }))).totals;

  const copy = async (id: string) => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/p/${id}`);
      toast("Sales page URL copied to clipboard!", "success");
    } catch (err) {
      console.error("copy link failed", err);
    }
  };

  return (
    <div className="space-y-6">
      <SectionHeader
        title="My Products"
        description="Products you sell yourself."
        action={
          <Button leftIcon={<IconPlus className="h-4 w-4" />} onClick={() => setCreating(true)}>
            Add Product
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Products" value={formatCount(list.length)} loading={products.isPending} />
        <StatCard label="Active" value={formatCount(active)} loading={products.isPending} tone="emerald" />
        <StatCard label="Sales" value={formatCount(sales)} loading={products.isPending} tone="sky" />
        <StatCard
          label="Revenue"
          value={<MoneyLines byCurrency={revenue} />}
          loading={products.isPending}
          tone="amber"
        />
      </div>
      {products.isPending ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<IconBox />}
          title="No products yet"
          description="Create a product to get your own sales page."
          action={<Button onClick={() => setCreating(true)}>Create Your First Product</Button>}
        />
      ) : (
        <Card className="overflow-hidden">
          <Table caption="My products" stickyActions>
            <THead>
              <TR>
                <TH>Product</TH>
                <TH>Status</TH>
                <TH className="text-right">Price</TH>
                <TH className="text-right">Sales</TH>
                <TH className="text-right">Revenue</TH>
                <TH className="text-right">Actions</TH>
              </TR>
            </THead>
            <TBody>
              {list.map((p) => (
                <TR key={p.id}>
                  <TD className="max-w-xs">
                    <p className="truncate font-medium text-slate-900">{p.name}</p>
                    {p.headline && <p className="truncate text-xs text-slate-500">{p.headline}</p>}
                  </TD>
                  <TD>
                    <div className="flex flex-wrap gap-1.5">
                      {/* One state: a product not approved cannot sell, switched on or not. */}
                      {p.moderation_status !== "approved" ? (
                        <Badge tone="warning">{STATUS_LABELS[p.moderation_status]}</Badge>
                      ) : (
                        <Badge tone={p.is_active ? "success" : "neutral"}>{p.is_active ? "Active" : "Inactive"}</Badge>
                      )}
                    </div>
                  </TD>
                  <TD className="text-right tabular-nums">
                    {formatMoney(p.price, p.currency)}
                    {p.pay_what_you_want && "+"}
                  </TD>
                  <TD className="text-right tabular-nums">{formatCount(p.sales_count)}</TD>
                  <TD className="text-right tabular-nums">{formatMoney(p.total_revenue, p.currency)}</TD>
                  <TD>
                    <div className="flex justify-end gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setEditing(p.id)}
                        aria-label={`Edit ${p.name}`}
                      >
                        Edit
                      </Button>
                      <a
                        href={`/p/${p.id}`}
                        target="_blank"
                        rel="noreferrer"
                        className={buttonClasses("secondary", "sm")}
                      >
                        View Page
                      </a>
                      <Button
                        size="sm"
                        variant="ghost"
                        leftIcon={<IconLink className="h-4 w-4" />}
                        onClick={() => copy(p.id)}
                      >
                        Copy Link
                      </Button>
                    </div>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </Card>
      )}
      <ProductDialog open={creating} onClose={() => setCreating(false)} />
      {edited && <ProductDialog key={edited.id} open product={edited} onClose={() => setEditing(null)} />}
    </div>
  );
}
