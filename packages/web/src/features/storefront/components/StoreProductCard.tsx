import type { Store } from "@payloft/core/store/index";
import { listedPrice } from "@/lib/membership";
import { AddToCartButton } from "@/features/cart";

/** One product on a store page: picture (or a tinted title card), name, headline and price
 * (in the product's own currency: a membership's per period, a pay-what-you-want minimum with "+"). */
export function StoreProductCard({
  product,
  first,
  creatorId,
}: {
  product: Store.PublicProduct;
  first?: boolean;
  creatorId: string;
}) {
  // Into the cart at its price: a pay-what-you-want amount is chosen on the sales page, a
  // membership is bought on its own, a free product is claimed (rule: Carts).
  const cartable = product.billing !== "recurring" && !product.pay_what_you_want && product.price > 0;
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {/* A page load: the server renders the sales page (it is not a route of the app). */}
      <a
        href={`/product/${encodeURIComponent(product.id)}`}
        className="group flex flex-1 flex-col focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
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
          <p className="mt-auto pt-3 text-base font-bold text-slate-900" data-testid="store-price">
            {/* A membership per period ("from $5 / month"); pay what you want: its minimum, with "+". */}
            {listedPrice(product)}
          </p>
        </div>
      </a>
      {cartable && (
        <div className="px-4 pb-4">
          <AddToCartButton
            creatorId={creatorId}
            size="sm"
            item={{ productId: product.id, name: product.name, price: product.price, currency: product.currency }}
          />
        </div>
      )}
    </li>
  );
}
