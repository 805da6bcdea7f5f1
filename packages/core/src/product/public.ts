import { currencyOf } from "../currency/index";
import { ValidationError } from "../errors";
import { getProduct, productNotFound } from "./view";
import { productPublicView, unavailableReason } from "./sales-page";

/**
 * The buyer's side of a product: what checkout may sell, the seller of a product, and (from
 * sales-page.ts, the lean read path) the sales-page view. The Product namespace (index.ts)
 * re-exports these under its own names.
 */
export { productPublicView };

/** What checkout needs from a product it may sell (its snapshot included); refuses unavailable ones. */
export async function productForCheckout(id: string) {
  const p = await getProduct(id);
  if (!p) throw productNotFound();
  if (await unavailableReason(p)) {
    throw new ValidationError("This product is currently unavailable for purchase.", "product.unavailable");
  }
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? "",
    price: p.price,
    currency: currencyOf(p.currency),
    pay_what_you_want: p.pay_what_you_want ?? false,
    suggested_price: p.suggested_price ?? null,
    content_url: p.content_url,
    content_file: p.content_file,
    content_file_name: p.content_file_name,
    license_keys: p.license_keys ?? false,
    creator_id: p.creator_id,
  };
}

/** The seller of a product (for GET /api/public/payment-info/{id}). */
export async function productCreatorOf(id: string): Promise<string> {
  const p = await getProduct(id);
  if (!p) throw productNotFound();
  return p.creator_id;
}
