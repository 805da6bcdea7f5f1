import * as z from "zod";
import { CurrencyInput } from "../currency/index";

/**
 * What the Discounts screen may send. Amounts are cents (rule: Cents and server prices), in the
 * code's `currency` (amount-off codes only; USD when not given); a code is matched
 * case-insensitively, so it is stored upper-case.
 */
export const CODE_RULE = "A code is 3–32 letters, digits, hyphens or underscores (e.g. SPRING25).";
export const MAX_AMOUNT_OFF = 99_999_999;

export const Code = z
  .string("Please enter a code.")
  .trim()
  .toUpperCase()
  .min(1, "Please enter a code.")
  .refine((c) => /^[A-Z0-9_-]{3,32}$/.test(c), CODE_RULE);

const percentOff = z
  .number("percent_off must be a whole number from 1 to 100.")
  .int("percent_off must be a whole number from 1 to 100.")
  .min(1, "percent_off must be a whole number from 1 to 100.")
  .max(100, "percent_off must be a whole number from 1 to 100.");

const amountOff = z
  .number("amount_off must be a whole number of cents, at least 1.")
  .int("amount_off must be a whole number of cents, at least 1.")
  .min(1, "amount_off must be a whole number of cents, at least 1.")
  .max(MAX_AMOUNT_OFF, "amount_off can be at most 99999999 cents.");

const productIds = z
  .array(
    z.string("product_ids must be a list of product ids.").min(1).max(200),
    "product_ids must be a list of product ids.",
  )
  .max(100, "A code can name at most 100 products.");

const maxRedemptions = z
  .number("max_redemptions must be a whole number, at least 1.")
  .int("max_redemptions must be a whole number, at least 1.")
  .min(1, "max_redemptions must be a whole number, at least 1.")
  .max(1_000_000, "max_redemptions can be at most 1000000.");

const expiresAt = z
  .string("expires_at must be a date and time, e.g. 2030-01-31T23:59:00Z.")
  .refine((v) => !Number.isNaN(Date.parse(v)), "expires_at must be a date and time, e.g. 2030-01-31T23:59:00Z.")
  .transform((v) => new Date(v).toISOString());

const ONE_KIND = "Give either percent_off or amount_off.";
const NO_CURRENCY = "A percent-off code has no currency: it applies to prices in every currency.";

export const CreateDiscountInput = z
  .object({
    code: Code,
    percent_off: percentOff.nullish(),
    amount_off: amountOff.nullish(),
    currency: z.nullish(CurrencyInput),
    product_ids: productIds.nullish(),
    max_redemptions: maxRedemptions.nullish(),
    expires_at: expiresAt.nullish(),
  })
  .superRefine((d, ctx) => {
    if ((d.percent_off == null) === (d.amount_off == null)) ctx.addIssue({ code: "custom", message: ONE_KIND });
    else if (d.percent_off != null && d.currency != null) ctx.addIssue({ code: "custom", message: NO_CURRENCY });
    if (d.expires_at && Date.parse(d.expires_at) <= Date.now())
      ctx.addIssue({ code: "custom", message: "expires_at must be in the future." });
  });
export type CreateDiscountInput = z.output<typeof CreateDiscountInput>;

/** PUT: any subset; null clears product_ids, max_redemptions and expires_at. */
export const UpdateDiscountInput = z
  .object({
    code: Code.optional(),
    percent_off: percentOff.nullish(),
    amount_off: amountOff.nullish(),
    currency: z.nullish(CurrencyInput),
    product_ids: productIds.nullish(),
    max_redemptions: maxRedemptions.nullish(),
    expires_at: expiresAt.nullish(),
    is_active: z.boolean("is_active must be true or false.").optional(),
  })
  .superRefine((d, ctx) => {
    if (d.percent_off != null && d.amount_off != null) ctx.addIssue({ code: "custom", message: ONE_KIND });
    else if (d.percent_off != null && d.currency != null) ctx.addIssue({ code: "custom", message: NO_CURRENCY });
  });
export type UpdateDiscountInput = z.output<typeof UpdateDiscountInput>;
