/** A creator's product as GET /api/products answers it. Amounts in cents. */
export type MediaType = "none" | "image" | "youtube" | "video" | "embed";
export type ProductType = "standard" | "bundle";

export interface Product {
  id: string;
  name: string;
  headline: string;
  subheadline: string;
  description: string;
  /** cents; the minimum when pay_what_you_want */
  price: number;
  /** Lower-case ISO code; amounts are in its minor unit (950 eur = €9.50, 950 jpy = ¥950). */
  currency?: string;
  pay_what_you_want: boolean;
  /** cents, or null */
  suggested_price: number | null;
  content_url?: string;
  content_file?: string;
  content_file_name?: string;
  content_file_size?: number;
  /** Each purchase gets its own licence key. */
  license_keys: boolean;
  /** one_time, or recurring (a membership) */
  billing?: "one_time" | "recurring";
  /** standard, or bundle: it sells its items (bundle_product_ids) at its own price */
  type?: ProductType;
  bundle_product_ids?: string[];
  media_type: MediaType;
  media_url: string;
  is_active: boolean;
  moderation_status: "pending" | "under_review" | "approved" | "rejected";
  /** The reviewer's notes for the owner ("" when none). */
  moderation_notes?: string;
  sales_count: number;
  total_revenue: number;
  view_count: number;
  created_at: string;
}

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
  description: string;
  media_type: MediaType;
  media_url: string;
}
