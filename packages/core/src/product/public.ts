import { currencyOf } from "../currency/index";
import { ValidationError } from "../errors";
import { getProduct, productNotFound } from "./view";
import { billingOf } from "./tiers";
import { kindOf } from "./kind";
import { productCreatorOf, productPublicView, unavailableReason } from "./sales-page";

/**
 * The buyer's side of a product: what checkout may sell, and (from sales-page.ts, the lean read
 * path) the sales-page view and the seller of a product. The Product namespace (index.ts)
 * re-exports these under its own names.
 */
export { productCreatorOf, productPublicView };

export const MEMBERSHIP_ONLY =
  "This product is a membership: it is bought by subscribing to one of its tiers, not as a one-time purchase.";

/**
 * What checkout needs from a product it may sell (its snapshot included); refuses unavailable
 * ones, and recurring ones unless the caller sells memberships (`recurring`): a one-time path
 * (a free claim, PayPal's order, a discount preview) never sells a membership as one purchase.
 */
export async function productForCheckout(id: string, opts: { recurring?: boolean } = {}) {
  const p = await getProduct(id);
  if (!p) throw productNotFound();
  if (await unavailableReason(p)) {
    throw new ValidationError("This product is currently unavailable for purchase.", "product.unavailable");
  }
  const billing = billingOf(p);
  if (billing.billing === "recurring" && !opts.recurring)
    throw new ValidationError(MEMBERSHIP_ONLY, "product.membership_only");
  return {
    ...billing,
    id: p.id,
    name: p.name,
    description: p.description ?? "",
    price: p.price,
    currency: currencyOf(p.currency),
    pay_what_you_want: p.pay_what_you_want ?? false,
    suggested_price: p.suggested_price ?? null,
    order_bump: p.order_bump ?? null,
    content_url: p.content_url,
    content_file: p.content_file,
    content_file_name: p.content_file_name,
    license_keys: p.license_keys ?? false,
    creator_id: p.creator_id,
    ...kindOf(p),
  };
}
