/** GET /api/public/products/{id}: the sales view (never content_url, DECISIONS 14). Cents. */
export interface PublicProduct {
  id: string;
  name: string;
  headline: string;
  subheadline: string;
  description: string;
  price: number;
  media_type: "none" | "image" | "youtube" | "video" | "embed" | string;
  media_url: string;
  is_active: boolean;
  sales_count: number;
  creator_id: string;
  creator_name: string;
}

export type PaymentProvider = "stripe" | "paypal" | null;
