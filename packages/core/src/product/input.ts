import { parseInput } from "../validation";
import * as z from "zod";

/**
 * What the product-creation dialog may send (DECISIONS 4 and 13), with
 * messages written for the person filling the form: they are shown as-is in the dialog.
 */
export const MEDIA_TYPES = ["none", "image", "youtube", "video", "embed"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Stripe's largest amount for USD is $999,999.99. */
const MAX_PRICE_DOLLARS = 999_999.99;
const MAX_EMBED_HTML = 10_000;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Spec: "non-numeric input becomes 0"; an empty field is the default 0 too. */
const dollars = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return 0;
    const n = typeof v === "number" ? v : Number(String(v).trim());
    return Number.isFinite(n) ? n : 0;
  },
  z
    .number()
    .min(0, "Price can't be negative. Enter 0 or more, e.g. 12.34.")
    .max(MAX_PRICE_DOLLARS, "Price can be at most $999,999.99."),
);

const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .default("");

export const CreateProductInput = z
  .object({
    name: z
      .string("Please enter a product name.")
      .trim()
      .min(1, "Please enter a product name.")
      .max(120, "Product name must be at most 120 characters."),
    headline: optionalText("Headline", 200),
    subheadline: optionalText("Subheadline", 300),
    description: optionalText("Description", 5000),
    price: dollars,
    content_url: z
      .string("Please enter the content URL buyers receive after purchase.")
      .trim()
      .min(1, "Please enter the content URL buyers receive after purchase.")
      .max(2000, "Content URL must be at most 2000 characters.")
      .refine(isHttpUrl, "Content URL must be a web address starting with http:// or https://."),
    media_type: z
      .enum(MEDIA_TYPES, "Media type must be one of: none, image, youtube, video, embed.")
      .optional()
      .default("none"),
    media_url: z.string("Media URL must be text.").trim().optional().default(""),
  })
  .transform((p, ctx) => {
    const price = Math.round(p.price * 100);
    if (p.media_type === "none") return { ...p, price, media_url: "" };
    if (!p.media_url) {
      ctx.addIssue({ code: "custom", message: "Please enter the media for the selected media type, or choose None." });
      return z.NEVER;
    }
    if (p.media_type === "embed") {
      if (p.media_url.length > MAX_EMBED_HTML)
        ctx.addIssue({ code: "custom", message: `Embed code must be at most ${MAX_EMBED_HTML} characters.` });
    } else if (p.media_url.length > 2000 || !isHttpUrl(p.media_url)) {
      ctx.addIssue({ code: "custom", message: "Media URL must be a web address starting with http:// or https://." });
    }
    return { ...p, price };
  });
export type CreateProductInput = z.input<typeof CreateProductInput>;

export const SetActiveInput = z.object({
  is_active: z.boolean("is_active must be true or false."),
});

export const validate = <S extends z.ZodType>(schema: S, value: unknown) => parseInput(schema, value);
