import * as z from "zod";
import { MEDIA_TYPES } from "./input";

/** What the product API answers about a product (the owner also sees content_url). */
export const ProductInfo = z.object({
  id: z.string(),
  creator_id: z.string(),
  name: z.string(),
  headline: z.string(),
  subheadline: z.string(),
  description: z.string(),
  /** cents; the minimum when pay_what_you_want */
  price: z.number().int(),
  pay_what_you_want: z.boolean(),
  /** cents, or null */
  suggested_price: z.number().int().nullable(),
  /** Owner only (DECISIONS 14). */
  content_url: z.string().optional(),
  media_type: z.enum(MEDIA_TYPES),
  media_url: z.string(),
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
