import { parseInput } from "../validation";
import * as z from "zod";
import { CurrencyInput, formatMoney, toMinor } from "../currency/index";
import { MEDIA_TYPES, type MediaType } from "./media-types";

export { MEDIA_TYPES, type MediaType } from "./media-types";

/**
 * What may be sent for a product (rules: Cents and server prices; Web links only), with messages written
 * for the person filling the form: they are shown as-is in the dialog. The creation dialog
 * (price in dollars, as typed) and the public API (price in cents) share every other field
 * and the media rule, so both refuse exactly the same things.
 */

/** Stripe's largest amount is 99,999,999 minor units ($999,999.99; ¥99,999,999). */
const MAX_PRICE_DOLLARS = 999_999.99;
export const MAX_PRICE_CENTS = 99_999_999;
const MAX_EMBED_HTML = 10_000;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Spec: "non-numeric input becomes 0"; an empty field is the default 0 too. The amount is in
 * the product's currency as typed (12.34 dollars or euros, 950 yen); its upper bound is
 * checked once the currency is known (in CreateProductInput).
 */
const dollars = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return 0;
    const n = typeof v === "number" ? v : Number(String(v).trim());
    return Number.isFinite(n) ? n : 0;
  },
  z.number().min(0, "Price can't be negative. Enter 0 or more, e.g. 12.34."),
);

const CENTS_MESSAGE = `price is in cents (the currency's minor unit; whole yen for jpy): a whole number from 0 to ${MAX_PRICE_CENTS}, e.g. 1234 for $12.34.`;
/** The public API's price: integer cents, no coercion (a program sends it, not a form). */
const cents = z.number(CENTS_MESSAGE).int(CENTS_MESSAGE).min(0, CENTS_MESSAGE).max(MAX_PRICE_CENTS, CENTS_MESSAGE);

/** A suggested price is in cents, like every amount but the dialog's typed price (rule: Cents and server prices). */
const suggestedPrice = z
  .number("suggested_price must be a whole number of cents.")
  .int("suggested_price must be a whole number of cents.")
  .min(0, "suggested_price must be a whole number of cents.")
  .max(Math.round(MAX_PRICE_DOLLARS * 100), "suggested_price can be at most 99999999 cents.");

/**
 * Pay what you want: `price` is the minimum a buyer may pay, and an optional suggested price
 * (pre-filled on the sales page) is at least that minimum. null when the input is refused.
 */
function pwywFields(
  price: number,
  payWhatYouWant: boolean,
  suggested: number | null | undefined,
  ctx: z.RefinementCtx,
): { pay_what_you_want: boolean; suggested_price?: number } | null {
  if (suggested == null) return { pay_what_you_want: payWhatYouWant };
  if (!payWhatYouWant) {
    ctx.addIssue({ code: "custom", message: "A suggested price is only for pay-what-you-want products." });
    return null;
  }
  if (suggested < price) {
    ctx.addIssue({ code: "custom", message: "The suggested price can't be below the minimum price." });
    return null;
  }
  return { pay_what_you_want: true, suggested_price: suggested };
}

/** PUT /api/products/{id} {pay_what_you_want, suggested_price?}: switches pay what you want on or off. */
export const PricingInput = z
  .object({
    pay_what_you_want: z.boolean("pay_what_you_want must be true or false."),
    suggested_price: suggestedPrice.nullish(),
  })
  .superRefine((p, ctx) => {
    if (p.suggested_price != null && !p.pay_what_you_want)
      ctx.addIssue({ code: "custom", message: "A suggested price is only for pay-what-you-want products." });
  });

const text = (label: string, max: number) =>
  z.string(`${label} must be text.`).trim().max(max, `${label} must be at most ${max} characters.`);
const NAME = "Please enter a product name.";
const CONTENT = "Please enter the content URL or upload the file buyers receive after purchase.";

/** Each field's own rule; create adds defaults, a partial update does not (absent = unchanged). */
const field = {
  name: z.string(NAME).trim().min(1, NAME).max(120, "Product name must be at most 120 characters."),
  headline: text("Headline", 200),
  subheadline: text("Subheadline", 300),
  description: text("Description", 5000),
  content_url: z
    .string(CONTENT)
    .trim()
    .min(1, CONTENT)
    .max(2000, "Content URL must be at most 2000 characters.")
    .refine(isHttpUrl, "Content URL must be a web address starting with http:// or https://."),
  media_type: z.enum(MEDIA_TYPES, "Media type must be one of: none, image, youtube, video, embed."),
  media_url: z.string("Media URL must be text.").trim(),
  currency: CurrencyInput,
};

const withDefaults = {
  name: field.name,
  headline: field.headline.optional().default(""),
  subheadline: field.subheadline.optional().default(""),
  description: field.description.optional().default(""),
  // A link or a hosted file (checkContent): either may be absent, not both.
  content_url: z
    .string("Content URL must be text.")
    .trim()
    .max(2000, "Content URL must be at most 2000 characters.")
    .refine((v) => !v || isHttpUrl(v), "Content URL must be a web address starting with http:// or https://.")
    .optional()
    .default(""),
  media_type: field.media_type.optional().default("none"),
  media_url: field.media_url.optional().default(""),
  currency: z.optional(field.currency).default("usd"),
  /** Give each purchase its own licence key. */
  license_keys: z.boolean("license_keys must be true or false.").optional().default(false),
};

/** The key POST /api/uploads answered, once the file is uploaded. */
const contentFile = z
  .string("content_file must be the key of an uploaded file.")
  .trim()
  .max(400)
  .optional()
  .default("");

/** What buyers receive: a content URL or an uploaded file, exactly one. */
function checkContent<T extends { content_url: string; content_file: string }>(p: T, ctx: z.RefinementCtx): T {
  if (!p.content_url && !p.content_file) {
    ctx.addIssue({ code: "custom", message: CONTENT });
    return z.NEVER;
  }
  if (p.content_url && p.content_file) {
    ctx.addIssue({ code: "custom", message: "Choose either a content URL or an uploaded file, not both." });
    return z.NEVER;
  }
  return p;
}

/** A media type other than none needs its media; none clears it. */
function checkMedia<T extends { media_type: MediaType; media_url: string }>(p: T, ctx: z.RefinementCtx): T {
  if (p.media_type === "none") return { ...p, media_url: "" };
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
  return p;
}

/** POST /api/products (the dialog): price in dollars, stored in cents; pay what you want optional. */
export const CreateProductInput = z
  .object({
    ...withDefaults,
    content_file: contentFile,
    price: dollars,
    pay_what_you_want: z.boolean("pay_what_you_want must be true or false.").optional().default(false),
    suggested_price: suggestedPrice.nullish(),
  })
  .transform(({ pay_what_you_want, suggested_price, ...p }, ctx) => {
    if (checkContent(p, ctx) === z.NEVER) return z.NEVER;
    const price = toMinor(p.price, p.currency);
    if (price > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: "custom", message: `Price can be at most ${formatMoney(MAX_PRICE_CENTS, p.currency)}.` });
      return z.NEVER;
    }
    const pricing = pwywFields(price, pay_what_you_want, suggested_price, ctx);
    if (pricing === null) return z.NEVER;
    return checkMedia({ ...p, ...pricing, price }, ctx);
  });
export type CreateProductInput = z.input<typeof CreateProductInput>;

/**
 * POST /api/v1/products: the same product with its price in cents, delivered by a content URL
 * (a program attaches no uploaded file: the API's Lambdas do not reach the bucket).
 */
export const ApiCreateProductInput = z
  .object({ ...withDefaults, content_url: field.content_url, price: cents })
  .transform(checkMedia);

/** A product as PATCH /api/v1/products/{id} would leave it (its link or its hosted file kept). */
export const ApiProductState = z
  .object({ ...withDefaults, content_file: contentFile, price: cents })
  .transform((p, ctx) => (checkContent(p, ctx) === z.NEVER ? z.NEVER : checkMedia(p, ctx)));

/** PATCH /api/v1/products/{id}: any of the fields, plus is_active; absent fields stay as they are. */
export const ApiUpdateProductInput = z.object({
  name: field.name.optional(),
  headline: field.headline.optional(),
  subheadline: field.subheadline.optional(),
  description: field.description.optional(),
  price: cents.optional(),
  content_url: field.content_url.optional(),
  media_type: field.media_type.optional(),
  media_url: field.media_url.optional(),
  currency: z.optional(field.currency),
  license_keys: z.boolean("license_keys must be true or false.").optional(),
  is_active: z.boolean("is_active must be true or false.").optional(),
});

export const SetActiveInput = z.object({
  is_active: z.boolean("is_active must be true or false."),
});

export const validate = <S extends z.ZodType>(schema: S, value: unknown) => parseInput(schema, value);
