import type { PaymentProvider } from "@/features/sales-page/api/types";
import type { CheckoutChoices } from "./useCheckoutChoices";

/** The claim form's anchor: the phone bar's and the closing section's "Get it free" links jump to it. */
export const CLAIM_FORM_ID = "claim";

/**
 * Whether the buyer claims the product with their e-mail instead of paying (rule: Free claims):
 * a price of 0 (as it is, or after an applied code) always; a pay-what-you-want minimum of 0
 * when the seller cannot take payments or the buyer's amount is 0 (or not typed).
 */
export function isClaimable(
  product: { pay_what_you_want?: boolean },
  provider: PaymentProvider,
  choices: Pick<CheckoutChoices, "amount" | "price">,
): boolean {
  if (choices.price !== 0) return false;
  if (!product.pay_what_you_want || provider === null) return true;
  return !choices.amount;
}

/** A free product's price reads "Free"; a pay-what-you-want one keeps its "$0+" (the buyer may pay). */
export const isFixedFree = (product: { pay_what_you_want?: boolean }, choices: Pick<CheckoutChoices, "price">) =>
  choices.price === 0 && !product.pay_what_you_want;
