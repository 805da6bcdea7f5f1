import { Badge } from "@/components/ui/Badge";
import { Card } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { SkeletonText } from "@/components/ui/Skeleton";
import { IconUsers } from "@/components/ui/icons";
import { useCustomers } from "@/features/settings/api/customers";
import { formatByCurrency, formatDate } from "@/lib/format";
import { LoadMore } from "@/components/LoadMore";

/**
 * A creator's customers: e-mail, total purchases, total spent (one line per currency, never
 * a sum of dollars and euros), last purchase date and a chip per product bought. Used by Settings → Customers and the Customers section.
 */
export function CustomersTab() {
  const q = useCustomers();
  const customers = q.data?.pages.flatMap((p) => p.customers) ?? [];
  if (q.isPending)
    return (
      <Card className="p-6">
        <SkeletonText lines={5} />
      </Card>
    );
  if (q.isError)
    return <Card className="p-6 text-sm text-slate-500">Customers could not be loaded. Please try again.</Card>;
  if (!customers.length)
    return (
      <EmptyState
        icon={<IconUsers />}
        title="No customers yet"
        description="People who buy your products will be listed here."
      />
    );
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-slate-100" aria-label="Customers">
        {customers.map((c) => (
          <li
            key={c.email}
            className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
            data-testid="customer-row"
          >
            <div className="flex min-w-0 items-center gap-3">
              <span
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sky-50 text-sm font-semibold uppercase text-sky-700"
                aria-hidden
              >
                {c.email[0]}
              </span>
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{c.email}</p>
                <p className="text-sm text-slate-500">
                  {c.total_purchases} {c.total_purchases === 1 ? "purchase" : "purchases"} · Last purchase{" "}
                  {formatDate(c.last_purchase_at)}
                </p>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  {c.products.map((name) => (
                    <Badge key={name} tone="brand">
                      {name}
                    </Badge>
                  ))}
                </div>
              </div>
            </div>
            <div className="shrink-0 pl-13 sm:pl-0 sm:text-right">
              {formatByCurrency(c.spent_by_currency, c.total_spent).map((line) => (
                <p
                  key={line}
                  className="text-lg font-semibold tabular-nums text-slate-900"
                  data-testid="customer-spent"
                >
                  {line}
                </p>
              ))}
              <p className="text-xs text-slate-500">total spent</p>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={!!q.hasNextPage} loading={q.isFetchingNextPage} onClick={() => q.fetchNextPage()} />
    </Card>
  );
}
