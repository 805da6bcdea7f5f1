import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { IconPlus, IconSparkles } from "@/components/ui/icons";
import { SkeletonText } from "@/components/ui/Skeleton";
import { toast } from "@/components/ui/toast";
import { useProducts } from "@/features/products";
import { formatDate } from "@/lib/format";
import {
  useDeleteDiscount,
  useDiscounts,
  useUpdateDiscount,
  type DiscountCode,
} from "@/features/discounts/api/discounts";
import { STATUS, discountLabel, usageLabel } from "@/features/discounts/lib/describe";
import { DiscountDialog } from "./DiscountDialog";

/** Dashboard → Discounts: the creator's codes with their use, and create / edit / pause / delete. */
export function DiscountsSection() {
  const q = useDiscounts();
  const products = useProducts();
  const [editing, setEditing] = useState<DiscountCode | "new" | null>(null);
  const names = new Map((products.data ?? []).map((p) => [p.id, p.name]));
  const productsLabel = (ids: string[]) =>
    ids.length ? ids.map((id) => names.get(id) ?? "Deleted product").join(", ") : "All products";

  return (
    <section aria-labelledby="discounts-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="discounts-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Discounts
          </h1>
          <p className="mt-1 text-sm text-slate-500">Codes buyers enter on your sales pages for a lower price.</p>
        </div>
        <Button leftIcon={<IconPlus className="h-4 w-4" />} onClick={() => setEditing("new")}>
          New code
        </Button>
      </div>

      {q.isPending ? (
        <Card className="p-6">
          <SkeletonText lines={4} />
        </Card>
      ) : q.isError ? (
        <Card className="p-6 text-sm text-slate-500">Your codes could not be loaded. Please try again.</Card>
      ) : q.data.length === 0 ? (
        <EmptyState
          icon={<IconSparkles />}
          title="No discount codes yet"
          description="Create a code for a launch, a newsletter or a loyal customer."
          action={<Button onClick={() => setEditing("new")}>Create your first code</Button>}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Discount codes">
          {q.data.map((d) => (
            <DiscountCard
              key={d.id}
              discount={d}
              products={productsLabel(d.product_ids)}
              onEdit={() => setEditing(d)}
            />
          ))}
        </ul>
      )}

      {editing && (
        <DiscountDialog
          key={editing === "new" ? "new" : editing.id}
          open
          onClose={() => setEditing(null)}
          discount={editing === "new" ? undefined : editing}
        />
      )}
    </section>
  );
}

function DiscountCard({
  discount: d,
  products,
  onEdit,
}: {
  discount: DiscountCode;
  products: string;
  onEdit: () => void;
}) {
  const update = useUpdateDiscount();
  const remove = useDeleteDiscount();
  const status = STATUS[d.status];
  const onDelete = async () => {
    const ok = await confirmDialog({
      title: `Delete ${d.code}?`,
      message: "Buyers can no longer use this code. Past sales keep the price they paid.",
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (ok) remove.mutate(d.id, { onError: (err) => toast(err.message, "error") });
  };
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="discount">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-mono text-lg font-bold tracking-wide text-slate-900">{d.code}</p>
          <p className="text-sm font-semibold text-brand-700">{discountLabel(d)}</p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Products</dt>
        <dd className="truncate text-slate-800" title={products}>
          {products}
        </dd>
        <dt className="text-slate-500">Used</dt>
        <dd className="text-slate-800">{usageLabel(d)}</dd>
        <dt className="text-slate-500">Expires</dt>
        <dd className="text-slate-800">{d.expires_at ? formatDate(d.expires_at) : "Never"}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${d.code}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          loading={update.isPending}
          onClick={() => update.mutate({ id: d.id, is_active: !d.is_active })}
          aria-label={`${d.is_active ? "Pause" : "Activate"} ${d.code}`}
        >
          {d.is_active ? "Pause" : "Activate"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${d.code}`} className="text-red-600">
          Delete
        </Button>
      </div>
    </li>
  );
}
