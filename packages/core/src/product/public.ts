import { UserEntity, type ProductItem, type UserItem } from "../db/entities";
import { ValidationError } from "../errors";
import { brandingOf, storeOf } from "../store/branding";
import { getProduct, productNotFound } from "./view";

/**
 * The buyer's side of a product: the sales page, what checkout may sell, and page views.
 * The Product namespace (index.ts) re-exports these under its own names.
 */
/** Why a product cannot be bought right now, or null when it can (DECISIONS 7, 16). */
async function unavailableReason(p: ProductItem, known?: { seller: UserItem | null }): Promise<string | null> {
  if (!p.is_active) return "inactive";
  if (p.moderation_status !== "approved") return "not_approved";
  // `known`: the seller, when the caller has read it already (one GetItem less on the sales page).
  const seller = known ? known.seller : (await UserEntity.get({ id: p.creator_id }).go()).data;
  if (!seller || seller.deactivated) return "seller_unavailable";
  return null;
}

/**
 * GET /api/public/products/{id}: the sales-page view. Never content_url (DECISIONS 14).
 * An unavailable product answers is_active=false with its selling content blanked, so a
 * rejected product's text and media are not served.
 */
export async function productPublicView(id: string) {
  const p = await getProduct(id);
  if (!p) throw productNotFound();
  const [seller, store] = await Promise.all([UserEntity.get({ id: p.creator_id }).go(), storeOf(p.creator_id)]);
  const available = (await unavailableReason(p, { seller: seller.data })) === null;
  const base = {
    id: p.id,
    name: p.name,
    price: p.price,
    pay_what_you_want: p.pay_what_you_want ?? false,
    suggested_price: p.suggested_price ?? null,
    creator_id: p.creator_id,
    creator_name: seller.data?.name ?? "",
    created_at: p.created_at,
    branding: brandingOf(store, seller.data),
  };
  if (!available) {
    return {
      ...base,
      headline: "",
      subheadline: "",
      description: "",
      media_type: "none" as const,
      media_url: "",
      is_active: false,
      sales_count: 0,
    };
  }
  return {
    ...base,
    headline: p.headline ?? "",
    subheadline: p.subheadline ?? "",
    description: p.description ?? "",
    media_type: p.media_type,
    media_url: p.media_url ?? "",
    is_active: true,
    sales_count: p.sales_count,
  };
}

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
