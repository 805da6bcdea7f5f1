import * as z from "zod";
import { ValidationError } from "../errors";
import { discounted, findApplicable, reserve, type Reservation } from "../discount/redeem";
import { parseInput } from "../validation";

/**
 * What a checkout charges, decided on the server from its own records (DECISIONS 4): the
 * product's price; less a discount code's share (issue 17 item 1); or, for a pay-what-you-want
 * product, the buyer's amount when it is at least the minimum (item 2), else its suggested
 * price, else the minimum; any amount sent for a fixed-price product is ignored. A code's use is reserved here; the caller attaches the reservation
 * to the checkout it creates, or releases it when it could not create one.
 */
export interface Charge {
  /** cents */
  amount: number;
  /** The code as applied (upper-case), when one was. */
  discount_code?: string;
  reservation?: Reservation;
}

interface Priced {
  id: string;
  creator_id: string;
  /** cents; the minimum of a pay-what-you-want product */
  price: number;
  pay_what_you_want: boolean;
  suggested_price: number | null;
}

/** Card payments take at least $0.50; a code may not push a charge under it. */
const MIN_DISCOUNTED_CHARGE = 50;
const MAX_AMOUNT = 99_999_999;
const AMOUNT_RULE = "amount must be a whole number of cents.";

const ChargeInput = z.object({
  discount_code: z
    .string("discount_code must be text.")
    .trim()
    .max(64, "That code is too long to be one of this seller's codes.")
    .nullish(),
  amount: z
    .number(AMOUNT_RULE)
    .int(AMOUNT_RULE)
    .min(1, AMOUNT_RULE)
    .max(MAX_AMOUNT, `amount can be at most ${MAX_AMOUNT} cents.`)
    .nullish(),
});

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

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
      throw new ValidationError(`Please pay at least ${dollars(product.price)}.`, "checkout.below_pwyw_minimum");
    return { amount: chosen };
  }
  // A fixed price is the price: any amount the client sends is ignored (DECISIONS 4).
  if (!discount_code) return { amount: product.price };

  const d = await findApplicable(product.creator_id, product.id, discount_code);
  const charged = discounted(d, product.price);
  if (charged < MIN_DISCOUNTED_CHARGE)
    throw new ValidationError(
      `With the code ${d.code} the price would be under ${dollars(MIN_DISCOUNTED_CHARGE)}, the least a payment can be.`,
      "discount.below_minimum",
    );
  return { amount: charged, discount_code: d.code, reservation: await reserve(d) };
}
