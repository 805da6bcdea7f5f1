import { SaleStatusBadge, isRevoked } from "@/components/SaleStatusBadge";
import { CopyButton } from "@/components/ui/CopyButton";
import { buttonClasses } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { IconArrowRight, IconInbox, IconLock } from "@/components/ui/icons";
import { formatDate, formatSaleAmount } from "@/lib/format";
import { useQueryClient } from "@tanstack/react-query";
import { purchasesQuery, type Purchase } from "@/features/customer/api/purchases";
import { SummaryCard } from "./SummaryCard";
import { BundleItemLinks } from "@/components/BundleItemLinks";

/**
 * My Products: totals and 'Your Content Library' with 'Access Content' per purchase. The
 * button is the purchase's access link: following it records the access on the server and
 * leads to the content (in a new tab). The opening is counted here at once too; the list is
 * read again when the buyer comes back to this tab.
 */
export function MyProductsTab({ purchases }: { purchases: Purchase[] }) {
  const client = useQueryClient();
  const opened = (id: string) =>
    client.setQueryData(purchasesQuery().queryKey, (list) =>
      list?.map((p) =>
        p.id === id ? { ...p, access_count: p.access_count + 1, last_accessed_at: new Date().toISOString() } : p,
      ),
    );
  // The figures count what the buyer still has, like Purchase History's totals: a refunded or
  // disputed purchase stays listed (marked, no longer openable) but is not one of their products.
  const owned = purchases.filter((p) => !isRevoked(p.status));
  const ended = purchases.length - owned.length;
  const totalAccess = purchases.reduce((s, p) => s + (p.access_count ?? 0), 0);
  const latest = owned.reduce<string | null>((m, p) => (!m || p.created_at > m ? p.created_at : m), null);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <SummaryCard
          label="Products"
          value={String(owned.length)}
          note={ended ? `${ended} refunded or disputed, no longer available` : undefined}
          testId="total-products"
        />
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
                      Purchased {formatDate(p.created_at)} · {formatSaleAmount(p.amount, p.currency)} · Opened{" "}
                      {p.access_count} {p.access_count === 1 ? "time" : "times"}
                      {p.last_accessed_at ? ` · Last opened ${formatDate(p.last_accessed_at)}` : ""}
                    </p>
                    <BundleItemLinks
                      items={p.bundle_items ?? []}
                      bundleName={p.product_name}
                      onOpen={() => opened(p.id)}
                    />
                    {p.license_key && (
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                        <span>
                          Licence key: <code className="break-all font-mono text-slate-900">{p.license_key}</code>
                        </span>
                        <CopyButton value={p.license_key} what={`licence key for ${p.product_name}`} />
                      </div>
                    )}
                  </div>
                  {p.bundle_items?.length && !revoked ? null : revoked || !p.access_url ? (
                    <p className="flex shrink-0 items-center gap-1.5 text-sm text-slate-500">
                      <IconLock className="h-4 w-4" /> No longer available
                    </p>
                  ) : (
                    <a
                      href={p.access_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses("primary", "md", "shrink-0")}
                      aria-label={`Access Content: ${p.product_name}`}
                      onClick={() => opened(p.id)}
                    >
                      <IconArrowRight className="h-4 w-4" /> Access Content
                    </a>
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
