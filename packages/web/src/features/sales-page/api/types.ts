import type { Branding } from "@payloft/core/store/branding";

/** GET /api/public/products/{id}: the sales view (never content_url, rule: Access links). Cents. */
export interface PublicProduct {
  id: string;
  name: string;
  headline: string;
  subheadline: string;
  description: string;
  /** cents; the minimum when pay_what_you_want */
  price: number;
  /** Lower-case ISO code; every amount is in its minor unit (950 eur = €9.50, 950 jpy = ¥950). */
  currency?: string;
  pay_what_you_want?: boolean;
  /** cents; pre-fills the buyer's amount */
  suggested_price?: number | null;
  media_type: "none" | "image" | "youtube" | "video" | "embed" | string;
  media_url: string;
  is_active: boolean;
  sales_count: number;
  creator_id: string;
  creator_name: string;
  /** The seller's store link and, by plan, logo, accent colour and the 'Powered by' line. */
  branding?: Branding;
}

export type PaymentProvider = "stripe" | "paypal" | null;
