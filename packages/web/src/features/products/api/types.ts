import type { ProductInfo } from "@payloft/core/product/info";
import type { ProductType } from "@payloft/core/product/kind";
import type { MediaType } from "@payloft/core/product/media-types";
import type { Billing, Interval } from "@payloft/core/product/tiers";

export type { MediaType, ProductType };

/**
 * A creator's product as GET /api/products answers it: core's own schema (product/info.ts, from
 * which the public API's OpenAPI document is generated too), so the two cannot drift. Amounts in
 * minor units of its currency.
 */
export type Product = ProductInfo;

/** The creation dialog's body: price in dollars as typed, suggested_price in cents (rule: Cents and server prices). */
export interface NewProduct {
  name: string;
  headline: string;
  subheadline: string;
  /** As typed, in `currency` (9.50 euros; 950 yen). */
  price: number;
  currency: string;
  pay_what_you_want: boolean;
  suggested_price: number | null;
  /** One of the two: a link, or the key of a file uploaded through POST /api/uploads. */
  content_url: string;
  content_file: string;
  license_keys: boolean;
  type: ProductType;
  /** A bundle's items: 2 to 20 of the creator's one-time products in its currency. */
  bundle_product_ids: string[];
  /** Another of the creator's one-time products offered under Buy, at `price` minor units (rule: Order bumps). */
  order_bump: { product_id: string; price: number } | null;
  description: string;
  media_type: MediaType;
  media_url: string;
  /** one_time, or recurring: a membership sold in tiers, each priced per interval (typed, like `price`). */
  billing: Billing;
  tiers: { id?: string; name: string; description?: string; prices: { interval: Interval; amount: number }[] }[];
  trial_days: number;
}
