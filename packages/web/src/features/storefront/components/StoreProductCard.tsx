import type { Store } from "@payloft/core/store/index";
import { formatCents } from "@/lib/money";

/** One product on a store page: picture (or a tinted title card), name, headline and price
 * (a pay-what-you-want price with a "+": the minimum, in the product's own currency). */
export function StoreProductCard({ product, first }: { product: Store.PublicProduct; first?: boolean }) {
  return (
    <li>
      {/* A page load: the server renders the sales page (it is not a route of the app). */}
      <a
        href={`/product/${encodeURIComponent(product.id)}`}
        className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <div className="aspect-[16/9] bg-slate-100">
          {product.image_url ? (
            // The first card's picture is the page's largest paint: fetched at once and first; the
            // others wait until they come near the screen.
            <img
              src={product.image_url}
              alt=""
              width={640}
              height={360}
              loading={first ? "eager" : "lazy"}
              fetchPriority={first ? "high" : "auto"}
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-500 to-brand-700 px-4 text-center">
              <span className="line-clamp-2 text-lg font-bold text-white">{product.name}</span>
            </div>
          )}
        </div>
        <div className="flex flex-1 flex-col p-4">
          <h3 className="text-base font-semibold text-slate-900 group-hover:text-brand-700">{product.name}</h3>
          {product.headline && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{product.headline}</p>}
          <p className="mt-auto pt-3 text-base font-bold text-slate-900">
            {formatCents(product.price, product.currency)}
            {/* Pay what you want: the price is the least the buyer may pay. */}
            {product.pay_what_you_want && "+"}
          </p>
        </div>
      </a>
    </li>
  );
}
