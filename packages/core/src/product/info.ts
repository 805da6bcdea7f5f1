import * as z from "zod";
import { CURRENCIES } from "../currency/index";
import { MEDIA_TYPES } from "./media-types";
import { BILLINGS, INTERVALS } from "./tiers";
import { PRODUCT_TYPES } from "./kind";

/** A recurring product's tier: its prices per interval in minor units of the product's currency. */
export const TierInfo = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  prices: z.array(z.object({ interval: z.enum(INTERVALS), amount: z.number().int() })),
});

/**
 * A product as its owner's API answers it (the dashboard and the public REST API, whose OpenAPI
 * document is generated from this schema). Apart from view.ts, which checkout bundles: this is a
 * classic zod schema, and one classic import brings all of classic zod into a Lambda bundle.
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
  /** Another of your products offered under the Buy button at `price` (minor units of this product's currency). */
  order_bump: z.object({ product_id: z.string(), price: z.number().int() }).nullable(),
  /** one_time (bought once) or recurring (a membership: `price` is what its tiers start at) */
  billing: z.enum(BILLINGS),
  /** a recurring product's tiers (empty when one_time) */
  tiers: z.array(TierInfo),
  /** a recurring product's free trial, 0 to 90 days */
  trial_days: z.number().int(),
  /** standard, or bundle: it sells its items (bundle_product_ids) at its own price */
  type: z.enum(PRODUCT_TYPES),
  /** a bundle's items, 2 to 20 of the creator's one-time products (empty when standard) */
  bundle_product_ids: z.array(z.string()),
  /** Owner only (rule: Access links): the content link, or the hosted file (bucket key, name, bytes). */
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
