import { usePageTitle } from "@/components/usePageTitle";
import type { StorePageData } from "@/lib/pageData";
import { SalesMessage } from "@/components/SalesStates";
import { PoweredBy } from "@/components/PoweredBy";
import { StoreProductCard } from "@/features/storefront/components/StoreProductCard";
import { accentStyle } from "@/lib/accent";
import { CartButton } from "@/features/cart";

/** The tab's title: the store's name, or why there is no store to show. */
export const storeTitle = ({ store, failed }: StorePageData) =>
  store ? store.store.name || store.store.handle : failed ? "Failed to load store" : "Store not found";

/**
 * /s/:handle: a creator's storefront with their buyable products, in their colours (Pro and up).
 * Rendered by the server with its data (packages/web/src/rendered) and hydrated in the browser.
 */
export default function StorePage({ data }: { data: StorePageData }) {
  usePageTitle(storeTitle(data));
  if (!data.store) {
    return (
      <SalesMessage
        title={storeTitle(data)}
        message={
          data.failed ? "Please try again in a moment." : "There is no store at this address. Please check the link."
        }
      />
    );
  }
  const { store, products } = data.store;
  const initial = (store.name || store.handle).slice(0, 1).toUpperCase();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50" style={accentStyle(store.accent_color)}>
      <header className="relative bg-gradient-to-br from-brand-600 to-brand-800 text-white">
        <div className="absolute right-4 top-4 sm:right-6">
          <CartButton creatorId={store.creator_id} tone="dark" />
        </div>
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-12 text-center sm:flex-row sm:items-center sm:text-left sm:px-6">
          {store.avatar_url ? (
            <img
              src={store.avatar_url}
              alt={`${store.name || store.handle} logo`}
              width={80}
              height={80}
              className="h-20 w-20 shrink-0 rounded-2xl bg-white object-cover shadow-lg ring-4 ring-white/30"
            />
          ) : (
            <span
              aria-hidden
              className="flex h-20 w-20 shrink-0 items-center justify-center rounded-2xl bg-white/15 text-3xl font-bold ring-4 ring-white/20"
            >
              {initial}
            </span>
          )}
          <div className="min-w-0">
            <h1 className="text-3xl font-extrabold tracking-tight">{store.name || store.handle}</h1>
            <p className="mt-1 text-sm font-medium text-white/80">@{store.handle}</p>
            {store.bio && <p className="mt-3 max-w-2xl whitespace-pre-line text-white/90">{store.bio}</p>}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
        <h2 className="sr-only">Products</h2>
        {products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">
            No products for sale yet. Please check back soon.
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {products.map((p, i) => (
              <StoreProductCard key={p.id} product={p} first={i === 0} creatorId={store.creator_id} />
            ))}
          </ul>
        )}
      </main>
      {store.powered_by && <PoweredBy />}
    </div>
  );
}
