import { buttonClasses } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { IconDownload } from "@/components/ui/icons";
import { BundleItemLinks } from "@/components/BundleItemLinks";
import { formatCents } from "@/lib/money";
import type { SuccessPurchase } from "@/features/checkout/api/useCheckoutSuccess";

/**
 * Every purchase of one payment (an order bump, a cart), each with its own price, access link
 * and licence key, a bundle's items grouped under it (rules: Order bumps; Access links). A
 * refunded item says so on its own line: a Sales History refund reverses only that one.
 */
export function OrderItems({ purchases }: { purchases: SuccessPurchase[] }) {
  return (
    <ul className="mt-5 space-y-3" aria-label="Items in this order" data-testid="order-items">
      {purchases.map((p) => {
        const name = p.product_name ?? "Your product";
        const bundle = (p.bundle_items ?? []).length > 0;
        return (
          <li key={p.id} data-testid="order-item" className="rounded-xl border border-slate-200 p-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <h3 className="break-words font-semibold text-slate-900">{name}</h3>
                <p className="mt-0.5 text-sm text-slate-500">{formatCents(p.amount, p.currency)}</p>
              </div>
              {p.access_url && !bundle ? (
                <a
                  href={p.access_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses("primary", "md", "shrink-0")}
                  aria-label={`Access ${name}`}
                >
                  <IconDownload className="h-4 w-4" /> Access
                </a>
              ) : p.access_url ? null : (
                <p role="status" className="shrink-0 text-sm text-amber-800">
                  Refunded: no longer available
                </p>
              )}
            </div>
            {p.license_key && (
              <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span className="min-w-0">
                  Licence key: <code className="break-all font-mono text-slate-900">{p.license_key}</code>
                </span>
                <CopyButton value={p.license_key} what={`licence key for ${name}`} />
              </div>
            )}
            {p.access_url && <BundleItemLinks items={p.bundle_items ?? []} bundleName={name} />}
          </li>
        );
      })}
    </ul>
  );
}
