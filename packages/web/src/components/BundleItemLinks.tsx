import { buttonClasses } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { IconArrowRight } from "@/components/ui/icons";

/** One item a bundle delivered: its own access link (null once revoked) and licence key. */
export interface DeliveredItem {
  product_id: string;
  name: string;
  access_url: string | null;
  license_key: string | null;
}

/**
 * What is inside a bought bundle (rule: Bundles), grouped under it: each item with its own
 * access link and, where it has one, its licence key. Used by the success page and the portal.
 */
export function BundleItemLinks({
  items,
  bundleName,
  onOpen,
}: {
  items: DeliveredItem[];
  bundleName: string;
  onOpen?: () => void;
}) {
  if (!items.length) return null;
  return (
    <section aria-label={`Included in ${bundleName}`} className="mt-4">
      <h3 className="text-sm font-semibold text-slate-700">
        Included in this bundle ({items.length} {items.length === 1 ? "item" : "items"})
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="bundle-items">
        {items.map((item) => (
          <li
            key={item.product_id}
            data-testid="bundle-item"
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">{item.name}</p>
              {item.license_key && (
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  <span>
                    Licence key: <code className="break-all font-mono text-slate-900">{item.license_key}</code>
                  </span>
                  <CopyButton value={item.license_key} what={`licence key for ${item.name}`} />
                </div>
              )}
            </div>
            {item.access_url ? (
              <a
                href={item.access_url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses("secondary", "sm", "shrink-0")}
                aria-label={`Open ${item.name}`}
                onClick={onOpen}
              >
                <IconArrowRight className="h-4 w-4" /> Open
              </a>
            ) : (
              <p className="shrink-0 text-sm text-slate-500">No longer available</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
