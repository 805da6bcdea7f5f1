/** A creator's product as GET /api/products answers it. Amounts in cents. */
export type MediaType = "none" | "image" | "youtube" | "video" | "embed";

export interface Product {
  id: string;
  name: string;
  headline: string;
  subheadline: string;
  description: string;
  price: number;
  content_url?: string;
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

/** What the creation dialog sends: price in dollars as typed (DECISIONS 4). */
export interface NewProduct {
  name: string;
  headline: string;
  subheadline: string;
  price: number;
  content_url: string;
  description: string;
  media_type: MediaType;
  media_url: string;
}
