import { SaleStatusBadge, isRevoked } from "@/components/SaleStatusBadge";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { IconArrowRight, IconInbox, IconLock } from "@/components/ui/icons";
import { formatDate, formatMoney } from "@/features/dashboard/lib/format";
import type { Purchase } from "@/features/customer/api/purchases";
import { SummaryCard } from "./SummaryCard";
import { useOpenContent } from "./useOpenContent";

/** My Products: totals and 'Your Content Library' with 'Access Content' per purchase. */
export function MyProductsTab({ purchases }: { purchases: Purchase[] }) {
  const { open, pendingId } = useOpenContent();
  const totalAccess = purchases.reduce((s, p) => s + (p.access_count ?? 0), 0);
  const latest = purchases.reduce<string | null>((m, p) => (!m || p.created_at > m ? p.created_at : m), null);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <SummaryCard label="Products" value={String(purchases.length)} testId="total-products" />
        <SummaryCard label="Total Access" value={String(totalAccess)} testId="total-access" />
        <SummaryCard
          className="col-span-2 sm:col-span-1"
          label="Latest Purchase"
          value={latest ? formatDate(latest) : "—"}
          testId="latest-purchase"
        />
      </div>
      <Card>
        <CardHeader title="Your Content Library" description="Everything you bought, ready to open." />
        {!purchases.length ? (
          <div className="p-6">
            <EmptyState
              icon={<IconInbox />}
              title="No purchases yet"
              description="Products you buy will appear here, ready to open."
            />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {purchases.map((p) => {
              const revoked = isRevoked(p.status);
              return (
                <li
                  key={p.id}
                  className="flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
                  data-testid="library-item"
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-slate-900">{p.product_name}</h3>
                      {revoked && <SaleStatusBadge status={p.status} />}
                    </div>
                    {p.creator_name && <p className="text-sm text-slate-500">by {p.creator_name}</p>}
                    {p.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{p.description}</p>}
                    <p className="mt-2 text-xs text-slate-500">
                      Purchased {formatDate(p.created_at)} · {formatMoney(p.amount, p.currency)} · Opened{" "}
                      {p.access_count} {p.access_count === 1 ? "time" : "times"}
                      {p.last_accessed_at ? ` · Last opened ${formatDate(p.last_accessed_at)}` : ""}
                    </p>
                  </div>
                  {revoked ? (
                    <p className="flex shrink-0 items-center gap-1.5 text-sm text-slate-500">
                      <IconLock className="h-4 w-4" /> No longer available
                    </p>
                  ) : (
                    <Button
                      className="shrink-0"
                      onClick={() => open(p)}
                      loading={pendingId === p.id}
                      leftIcon={<IconArrowRight className="h-4 w-4" />}
                    >
                      Access Content
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}
