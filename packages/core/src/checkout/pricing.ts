import * as z from "zod/mini";
import "../zod";
import { formatMoney, minimumChargeOf } from "../currency/index";
import { ValidationError } from "../errors";
import type { DiscountItem } from "../db/entities";
import { discounted, findApplicable, reserve, type Reservation } from "../discount/redeem";
import { parseInput } from "../validation";

/**
 * What a checkout charges, decided on the server from its own records (rule: Cents and server prices): the
 * product's price; less a discount code's share; or, for a pay-what-you-want
 * product, the buyer's amount when it is at least the minimum, else its suggested
 * price, else the minimum; any amount sent for a fixed-price product is ignored. A code's use is reserved here; the caller attaches the reservation
 * to the checkout it creates, or releases it when it could not create one.
 */
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

const ChargeInput = z.object({
  discount_code: z.nullish(
    z
      .string("discount_code must be text.")
      .check(z.trim(), z.maxLength(64, "That code is too long to be one of this seller's codes.")),
  ),
  amount: z.nullish(
    z
      .number(AMOUNT_RULE)
      .check(
        z.int(AMOUNT_RULE),
        z.gte(1, AMOUNT_RULE),
        z.lte(MAX_AMOUNT, `amount can be at most ${MAX_AMOUNT} cents.`),
      ),
  ),
});

/**
 * Discount codes have no currency of their own: an amount_off code takes that many cents off
 * a USD price (the only currency there was when codes were made), so on a product priced in
 * another currency it is refused rather than read as euros or yen (docs/decisions.md).
 * Percent-off codes apply in any currency.
 */
const AMOUNT_OFF_CURRENCY = "usd";

export async function chargeFor(product: Priced, input: unknown): Promise<Charge> {
  const { discount_code, amount } = parseInput(ChargeInput, input);
  if (product.pay_what_you_want) {
    if (discount_code)
      throw new ValidationError(
        "Discount codes don't apply to pay-what-you-want products: choose your amount instead.",
        "discount.pay_what_you_want",
      );
    const chosen = amount ?? product.suggested_price ?? product.price;
    if (chosen < product.price)
      throw new ValidationError(
        `Please pay at least ${formatMoney(product.price, product.currency)}.`,
        "checkout.below_pwyw_minimum",
      );
    return { amount: chosen };
  }
  // A fixed price is the price: any amount the client sends is ignored (rule: Cents and server prices).
  if (!discount_code) return { amount: product.price };

  const { discount: d, amount: charged } = await priceWithCode(product, discount_code);
  // A code that takes everything off makes the product free: it is claimed, not paid (./claim.ts).
  if (charged === 0)
    throw new ValidationError(
      `With the code ${d.code} this product is free: claim it with your e-mail address instead.`,
      "discount.free",
    );
  // Card payments have a least amount; a code may not push a charge under it.
  const least = minimumChargeOf(product.currency);
  if (charged < least)
    throw new ValidationError(
      `With the code ${d.code} the price would be under ${formatMoney(least, product.currency)}, the least a payment can be.`,
      "discount.below_minimum",
    );
  return { amount: charged, discount_code: d.code, reservation: await reserve(d) };
}

/** The seller's code on this product's price: the code and the price after it; a clear 400 when it cannot apply. */
export async function priceWithCode(
  product: Priced,
  typed: string,
): Promise<{ discount: DiscountItem; amount: number }> {
  const d = await findApplicable(product.creator_id, product.id, typed);
  if (d.amount_off != null && product.currency !== AMOUNT_OFF_CURRENCY)
    throw new ValidationError(
      `The code ${d.code} takes ${formatMoney(d.amount_off, AMOUNT_OFF_CURRENCY)} off and only applies to prices in USD; this product is priced in ${product.currency.toUpperCase()}.`,
      "discount.currency_mismatch",
    );
  return { discount: d, amount: discounted(d, product.price) };
}
