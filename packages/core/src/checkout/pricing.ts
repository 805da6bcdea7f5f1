import * as z from "zod/mini";
import "../zod";
import { formatMoney, minimumChargeOf } from "../currency/index";
import type { DiscountItem } from "../db/entities";
import { ValidationError } from "../errors";
import { priceCurrencyMismatch } from "../discount/currency";
import { discounted, findApplicable, giveBackExpired, reserve, usedUp, type Reservation } from "../discount/redeem";
import { discountStatusOf } from "../discount/status";
import { parseInput } from "../validation";

/**
 * THE pricing of a product for a buyer, decided on the server from its own records
 * (rule: Cents and server prices). Checkout charges it (chargeFor), the sales page previews it
 * (quote, through ./preview.ts), and a free claim takes it: one set of rules, so what the
 * preview shows is what is charged.
 *
 * - A fixed price is the price, less a discount code's share (percentages round to the nearest
 *   minor unit; an amount off stops at 0). Any amount the client sends is ignored.
 * - A pay-what-you-want product charges the buyer's amount when it is at least the minimum, else
 *   its suggested price, else the minimum. A code lowers both the minimum and the suggested price
 *   by its share (percent off: by that percent; amount off: by the amount, not below 0); the buyer
 *   still pays what they choose, at or above the lowered minimum (docs/decisions.md).
 * - A code applies only when it is the seller's, active, not expired, meant for this product
 *   ("All products" codes included) and, for an amount off, in the product's currency.
 */
export interface Quote {
  /** The product's currency: every amount here is in its minor unit (cents; yen for jpy). */
  currency: string;
  pay_what_you_want: boolean;
  /** The product's own price: a pay-what-you-want product's minimum. */
  list_price: number;
  /** After the code: the price, or a pay-what-you-want product's minimum. */
  price: number;
  /** Pay what you want: the suggested price after the code; null without one. */
  suggested_price: number | null;
  /** Exactly what checkout charges for this input. */
  amount: number;
  /** The code as applied, when one was. */
  discount?: DiscountItem;
}

export interface Charge {
  /** minor units of the product's currency (cents; yen for jpy) */
  amount: number;
  /** The code as applied (upper-case), when one was. */
  discount_code?: string;
  reservation?: Reservation;
}

export interface Priced {
  id: string;
  creator_id: string;
  /** minor units of `currency`; the minimum of a pay-what-you-want product */
  price: number;
  currency: string;
  pay_what_you_want: boolean;
  suggested_price: number | null;
}

const MAX_AMOUNT = 99_999_999;
const AMOUNT_RULE = "amount must be a whole number of cents.";

const TOO_LONG = "That code is too long to be one of this seller's codes.";
const CodeText = z.string("discount_code must be text.").check(z.trim(), z.maxLength(64, TOO_LONG));
/** The preview's code: required. */
export const RequiredCode = z
  .string("Please enter a code.")
  .check(z.trim(), z.minLength(1, "Please enter a code."), z.maxLength(64, TOO_LONG));

export const BuyerAmount = z
  .number(AMOUNT_RULE)
  .check(z.int(AMOUNT_RULE), z.gte(1, AMOUNT_RULE), z.lte(MAX_AMOUNT, `amount can be at most ${MAX_AMOUNT} cents.`));

const ChargeInput = z.object({ discount_code: z.nullish(CodeText), amount: z.nullish(BuyerAmount) });

/**
 * The seller's code as the buyer typed it, if it applies to this product now; a 400 with a
 * sentence if not. Whether a use is left is reserve()'s question (a claim repeated within the day
 * answers its earlier purchase without one), except in quote().
 */
async function applicableCode(product: Priced, typed: string): Promise<DiscountItem> {
  const d = await findApplicable(product.creator_id, product.id, typed);
  const mismatch = priceCurrencyMismatch(d, product.currency);
  if (mismatch) throw new ValidationError(mismatch, "discount.currency_mismatch");
  return d;
}

/** A code at its limit gets back the uses of checkouts that can no longer be paid, as at checkout; else 400. */
async function withUseLeft(product: Priced, d: DiscountItem, typed: string): Promise<DiscountItem> {
  if (discountStatusOf(d) !== "used_up") return d;
  if ((await giveBackExpired(d)) === 0) throw usedUp(d.code);
  return applicableCode(product, typed);
}

/** The seller's code on this product's price (a free claim's question): the code and the price after it. */
export async function priceWithCode(
  product: Priced,
  typed: string,
): Promise<{ discount: DiscountItem; amount: number }> {
  const d = await applicableCode(product, typed);
  return { discount: d, amount: discounted(d, product.price) };
}

/** What this product costs this buyer ({discount_code?, amount?}); refusals are 400s with a sentence. */
export async function quote(product: Priced, input: unknown): Promise<Quote> {
  const { discount_code, amount } = parseInput(ChargeInput, input);
  const d = discount_code
    ? await withUseLeft(product, await applicableCode(product, discount_code), discount_code)
    : undefined;
  const off = (price: number) => (d ? discounted(d, price) : price);
  const base = { currency: product.currency, list_price: product.price, ...(d ? { discount: d } : {}) };

  if (product.pay_what_you_want) {
    const minimum = off(product.price);
    const suggested = product.suggested_price != null ? off(product.suggested_price) : null;
    const chosen = amount ?? suggested ?? minimum;
    if (chosen < minimum)
      throw new ValidationError(
        `Please pay at least ${formatMoney(minimum, product.currency)}.`,
        "checkout.below_pwyw_minimum",
      );
    return { ...base, pay_what_you_want: true, price: minimum, suggested_price: suggested, amount: chosen };
  }

  // A fixed price is the price: any amount the client sends is ignored (rule: Cents and server prices).
  const price = off(product.price);
  // Card payments have a least amount; a code may not push a charge under it (free is another road).
  const least = minimumChargeOf(product.currency);
  if (d && price > 0 && price < least)
    throw new ValidationError(
      `With the code ${d.code} the price would be under ${formatMoney(least, product.currency)}, the least a payment can be.`,
      "discount.below_minimum",
    );
  return { ...base, pay_what_you_want: false, price, suggested_price: null, amount: price };
}

/**
 * What a paid checkout charges, with the code's use reserved; the caller attaches the reservation
 * to the checkout it creates, or releases it when it could not create one; `address` (the buyer's)
 * limits how many of the code's uses one person holds in unpaid checkouts. A code that makes the
 * product free is refused here: nothing is paid, so it is claimed instead (POST /api/checkout/claim).
 */
export async function chargeFor(product: Priced, input: unknown, opts: { address?: string } = {}): Promise<Charge> {
  const q = await quote(product, input);
  if (!q.discount) return { amount: q.amount };
  if (q.amount === 0)
    throw new ValidationError(
      `With the code ${q.discount.code} this product is free: claim it with your e-mail address instead.`,
      "discount.free",
    );
  return { amount: q.amount, discount_code: q.discount.code, reservation: await reserve(q.discount, opts) };
}
