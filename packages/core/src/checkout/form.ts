import * as z from "zod/mini";
import "../zod";
import { parseInput } from "../validation";

/**
 * The sales page's Buy form (POST /api/checkout/buy, a page's form before JavaScript runs): its
 * fields are text, so they are turned into create-session's input here, and create-session's own
 * rules then judge them as they judge the app's. `amount` is the pay-what-you-want price in minor
 * units that the page rendered into the form.
 */
const Text = (what: string) =>
  z.optional(z.string(`${what} must be text.`).check(z.maxLength(200, `${what} is too long.`)));
const BuyForm = z.object({
  product_id: z.string("Please choose a product to buy."),
  discount_code: Text("discount_code"),
  amount: Text("amount"),
  order_bump: Text("order_bump"),
  tier: Text("tier"),
  interval: Text("interval"),
  ref: Text("ref"),
});

export function buyFormInput(form: unknown): {
  productId: string;
  discount_code?: string;
  amount?: number;
  order_bump?: boolean;
  tier?: string;
  interval?: string;
  ref?: string;
} {
  const { product_id, discount_code, amount, order_bump, tier, interval, ref } = parseInput(BuyForm, form);
  const code = discount_code?.trim();
  const typed = amount?.trim();
  return {
    productId: product_id,
    // A ticked checkbox sends its value ("true"); an unticked one sends nothing.
    ...(order_bump === "true" || order_bump === "on" ? { order_bump: true } : {}),
    ...(code ? { discount_code: code } : {}),
    // A membership's tier and billing period (the tier picker's radios), judged by create-session.
    ...(tier?.trim() ? { tier: tier.trim() } : {}),
    ...(interval?.trim() ? { interval: interval.trim() } : {}),
    // The affiliate code the page was opened with (?ref=), judged by create-session.
    ...(ref?.trim() ? { ref: ref.trim() } : {}),
    // Not a number: NaN, which create-session refuses with its own sentence for the amount.
    ...(typed ? { amount: /^\d+$/.test(typed) ? Number(typed) : Number.NaN } : {}),
  };
}
