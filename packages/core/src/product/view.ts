import * as z from "zod";
import { ProductEntity, type ProductItem } from "../db/entities";
import { CURRENCIES, currencyOf } from "../currency/index";
import { MEDIA_TYPES } from "./media-types";
import { ownerContent } from "./content";
import { productNotFound } from "./not-found";

/**
 * How a stored product reads: the owner's API shape and the lookups every product operation
 * starts from. Shared by the owner's operations (index.ts) and the buyer's side (public.ts).
 */
export const ProductInfo = z.object({
  id: z.string(),
  creator_id: z.string(),
  name: z.string(),
  headline: z.string(),
  subheadline: z.string(),
  description: z.string(),
  /** minor units of `currency` (cents; yen for jpy); the minimum when pay_what_you_want */
  price: z.number().int(),
  currency: z.enum(CURRENCIES),
  pay_what_you_want: z.boolean(),
  /** cents, or null */
  suggested_price: z.number().int().nullable(),
  /** Owner only (DECISIONS 14): the content link, or the hosted file (bucket key, name, bytes). */
  content_url: z.string().optional(),
  content_file: z.string().optional(),
  content_file_name: z.string().optional(),
  content_file_size: z.number().int().optional(),
  media_type: z.enum(MEDIA_TYPES),
  media_url: z.string(),
  license_keys: z.boolean(),
  is_active: z.boolean(),
  moderation_status: z.enum(["pending", "under_review", "approved", "rejected"]),
  moderation_notes: z.string().optional(),
  sales_count: z.number().int(),
  /** cents */
  total_revenue: z.number().int(),
  view_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductInfo = z.infer<typeof ProductInfo>;

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
