/** A creator's product as GET /api/products answers it. Amounts in cents. */
export type MediaType = "none" | "image" | "youtube" | "video" | "embed";

export interface Product {
  id: string;
  name: string;
  headline: string;
  subheadline: string;
  description: string;
  /** cents; the minimum when pay_what_you_want */
  price: number;
  pay_what_you_want: boolean;
  /** cents, or null */
  suggested_price: number | null;
  content_url?: string;
  content_file?: string;
  content_file_name?: string;
  content_file_size?: number;
  /** Each purchase gets its own licence key. */
  license_keys: boolean;
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

/** What the creation dialog sends: price in dollars as typed (DECISIONS 4), suggested_price in cents. */
export interface NewProduct {
  name: string;
  headline: string;
  subheadline: string;
  price: number;
  pay_what_you_want: boolean;
  suggested_price: number | null;
  /** One of the two: a link, or the key of a file uploaded through POST /api/uploads. */
  content_url: string;
  content_file: string;
  license_keys: boolean;
  description: string;
  media_type: MediaType;
  media_url: string;
}
