import { parseInput } from "../validation";
import * as z from "zod";
import { CurrencyInput, formatMoney, toMinor } from "../currency/index";
import { MEDIA_TYPES, type MediaType } from "./media-types";
import { billingFields, checkBilling } from "./billing";
import { bundleFields, checkBundleShape } from "./bundle";

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

const text = (label: string, max: number) =>
  z.string(`${label} must be text.`).trim().max(max, `${label} must be at most ${max} characters.`);
const NAME = "Please enter a product name.";
const CONTENT = "Please enter the content URL or upload the file buyers receive after purchase.";

/**
 * Every field of a product with its own rule and NO default: absent means "not sent". Creating
 * (all of them, with a new product's defaults) and editing (any subset) use these same rules;
 * the fields that depend on each other (content, price, media) are then checked together on
 * the whole product by `complete`.
 */
const fields = {
  name: z.string(NAME).trim().min(1, NAME).max(120, "Product name must be at most 120 characters."),
  headline: text("Headline", 200),
  subheadline: text("Subheadline", 300),
  description: text("Description", 5000),
  // A link or a hosted file (checkContent): either may be empty, not both.
  content_url: z
    .string(CONTENT)
    .trim()
    .max(2000, "Content URL must be at most 2000 characters.")
    .refine((v) => !v || isHttpUrl(v), "Content URL must be a web address starting with http:// or https://."),
  /** The key POST /api/uploads answered, once the file is uploaded. */
  content_file: z.string("content_file must be the key of an uploaded file.").trim().max(400),
  media_type: z.enum(MEDIA_TYPES, "Media type must be one of: none, image, youtube, video, embed."),
  media_url: z.string("Media URL must be text.").trim(),
  currency: CurrencyInput,
  /** Give each purchase its own licence key. */
  license_keys: z.boolean("license_keys must be true or false."),
  pay_what_you_want: z.boolean("pay_what_you_want must be true or false."),
  suggested_price: suggestedPrice.nullable(),
  /** An order bump: another of the creator's products at a bump price in minor units (product/order-bump.ts). */
  order_bump: z
    .object(
      {
        product_id: z
          .string("order_bump.product_id must be a product id.")
          .trim()
          .min(1, "Please choose the order bump's product.")
          .max(200),
        price: z
          .number("order_bump.price must be a whole number of cents.")
          .int("order_bump.price must be a whole number of cents.")
          .min(1, "order_bump.price must be a whole number of cents.")
          .max(MAX_PRICE_CENTS, `order_bump.price can be at most ${MAX_PRICE_CENTS} cents.`),
      },
      "order_bump must be {product_id, price} or null.",
    )
    .nullable(),
  ...bundleFields,
};

/** A new product's values for what was not sent. */
const DEFAULTS = {
  headline: "",
  subheadline: "",
  description: "",
  content_url: "",
  content_file: "",
  media_type: "none" as MediaType,
  media_url: "",
  currency: "usd" as const,
  license_keys: false,
  price: 0,
  pay_what_you_want: false,
  suggested_price: null,
  order_bump: null,
  type: "standard" as const,
  bundle_product_ids: [] as string[],
};

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

type Billed = ReturnType<typeof billingFields>;
type Sent = Partial<{ [K in keyof typeof fields]: z.output<(typeof fields)[K]> }> &
  Partial<{ [K in keyof Billed]: z.output<Billed[K]> }> & { name: string; price?: number };

/**
 * The whole product, checked together: a new product's defaults under what was sent, the price
 * in the minor unit (`major`: as typed in the dialog, 12.34), at most Stripe's largest amount,
 * pay what you want, content and media.
 */
const complete =
  (unit: "major" | "minor", priceRequired = false) =>
  (sent: Sent, ctx: z.RefinementCtx) => {
    const { pay_what_you_want, suggested_price, billing, tiers, trial_days, ...p } = { ...DEFAULTS, ...sent };
    if (!checkBundleShape({ ...p, billing, pay_what_you_want }, ctx)) return z.NEVER;
    // A bundle delivers its items' content, not its own.
    if (p.type !== "bundle" && checkContent(p, ctx) === z.NEVER) return z.NEVER;
    const billed = checkBilling(
      { billing, tiers, trial_days, pay_what_you_want, currency: p.currency },
      unit,
      MAX_PRICE_CENTS,
      ctx,
    );
    if (billed === null) return z.NEVER;
    if (priceRequired && billed.lowest === null && sent.price === undefined) {
      // API v1's one-time product states its price; a recurring one's is what its tiers start at.
      ctx.addIssue({ code: "custom", message: CENTS_MESSAGE });
      return z.NEVER;
    }
    const { lowest, ...billingState } = billed;
    const price = lowest ?? (unit === "major" ? toMinor(p.price, p.currency) : p.price);
    if (price > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: "custom", message: `Price can be at most ${formatMoney(MAX_PRICE_CENTS, p.currency)}.` });
      return z.NEVER;
    }
    const pricing = pwywFields(price, pay_what_you_want, suggested_price, ctx);
    if (pricing === null) return z.NEVER;
    return checkMedia({ ...p, ...pricing, ...billingState, price }, ctx);
  };

/** The dialog's product: its price as typed, in the currency's major unit (rule: Cents and server prices). */
const DialogProduct = z.object({ ...fields, ...billingFields(dollars), price: dollars });
/** The public API's: its price in the minor unit; delivered by a link (its Lambdas do not reach the bucket). */
const MinorProduct = z.object({
  ...fields,
  ...billingFields(cents),
  price: cents.meta({
    description:
      "minor units of currency; required when billing is one_time (a recurring product's is the lowest tier price)",
  }),
});
const ApiProduct = MinorProduct.omit({ content_file: true });
const isActive = { is_active: z.boolean("is_active must be true or false.").optional() };

/** POST /api/products (the dialog): a name and what buyers get; everything else has a default. */
export const CreateProductInput = DialogProduct.partial().required({ name: true }).transform(complete("major"));
export type CreateProductInput = z.input<typeof CreateProductInput>;

/**
 * PUT /api/products/{id}: any subset of the create fields, each by its create rule (the create
 * schema made partial), plus is_active. Absent fields stay as they are; the product they leave
 * is checked whole by ProductState.
 */
export const UpdateProductInput = DialogProduct.partial().extend(isActive);

/** POST /api/v1/products: the same product with its price in cents, delivered by a content URL. */
export const ApiCreateProductInput = ApiProduct.partial()
  .required({ name: true, content_url: true })
  .transform(complete("minor", true));

/** PATCH /api/v1/products/{id}: any of the fields, plus is_active; absent fields stay as they are. */
export const ApiUpdateProductInput = ApiProduct.partial().extend(isActive);

/**
 * A product as an update leaves it (the stored fields with the sent ones, price in the minor
 * unit), checked like a new one; the price's upper bound is `complete`'s, whose message names
 * the amount in the product's currency (a dialog's price was typed in its major unit).
 */
export const ProductState = z
  .object({ ...fields, ...billingFields(z.number().int()), price: z.number().int().min(0) })
  .partial()
  .required({ name: true })
  .transform(complete("minor"));
export type ProductState = z.output<typeof ProductState>;

export const SetActiveInput = z.object({
  is_active: z.boolean("is_active must be true or false."),
});

export const validate = <S extends z.ZodType>(schema: S, value: unknown) => parseInput(schema, value);
