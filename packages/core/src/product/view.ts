import { ProductEntity, type ProductItem } from "../db/entities";
import { currencyOf } from "../currency/index";
import type { ProductInfo } from "./info";
import { ownerContent } from "./content";
import { productNotFound } from "./not-found";
import { billingOf } from "./tiers";
import { kindOf } from "./kind";

/**
 * How a stored product reads: its owner's API shape (serializeProduct, typed by info.ts) and the
 * lookups every product operation starts from. Shared by the owner's operations (index.ts) and
 * the buyer's side (public.ts), so it imports no zod schema: checkout bundles this file.
 */

export { productNotFound };

export function serializeProduct(p: ProductItem, opts: { owner: boolean }): ProductInfo {
  return {
    id: p.id,
    creator_id: p.creator_id,
    name: p.name,
    headline: p.headline ?? "",
    subheadline: p.subheadline ?? "",
    description: p.description ?? "",
    price: p.price,
    currency: currencyOf(p.currency),
    pay_what_you_want: p.pay_what_you_want ?? false,
    suggested_price: p.suggested_price ?? null,
    order_bump: p.order_bump ? { product_id: p.order_bump.product_id, price: p.order_bump.price } : null,
    ...billingOf(p),
    ...kindOf(p),
    ...(opts.owner ? ownerContent(p) : {}),
    media_type: p.media_type,
    media_url: p.media_url ?? "",
    license_keys: p.license_keys ?? false,
    is_active: p.is_active,
    moderation_status: p.moderation_status,
    // The owner always sees the reviewer's notes ("" when there are none); nobody else does.
    ...(opts.owner ? { moderation_notes: p.moderation_notes ?? "" } : {}),
    sales_count: p.sales_count,
    total_revenue: p.total_revenue,
    view_count: p.view_count,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export async function getProduct(id: string): Promise<ProductItem | null> {
  if (!id) return null;
  return (await ProductEntity.get({ id }).go()).data;
}

/** The product if `creatorId` owns it; anyone else gets the same 404 as a missing one. */
export async function ownedProduct(creatorId: string, id: string): Promise<ProductItem> {
  const p = await getProduct(id);
  if (!p || p.creator_id !== creatorId) throw productNotFound();
  return p;
}

/** Every product of a creator (all pages, one Query): what an admin action on the account walks. */
export async function productsOfCreator(creatorId: string): Promise<ProductItem[]> {
  return (await ProductEntity.query.byCreator({ creator_id: creatorId }).go({ pages: "all" })).data;
}
