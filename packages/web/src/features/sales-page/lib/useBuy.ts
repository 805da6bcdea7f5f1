import { ApiError } from "@/lib/api";
import { toast } from "@/components/ui/toast";
import { useCreateCheckout, type StartedCheckout } from "@/features/sales-page/api/useCreateCheckout";
import { visitOf } from "@/lib/visit";
import type { BuyState } from "@/features/sales-page/components/PriceCard";
import type { PaymentProvider } from "@/features/sales-page/api/types";
import type { CheckoutChoices } from "./useCheckoutChoices";
import type { OrderBumpChoice } from "./useOrderBump";

/**
 * Where the payment page opens. By default this page goes there; the overlay opens it in a tab
 * of its own instead (its host page must never navigate), which has to be opened in the click
 * itself (`start`, before the checkout exists) or the browser blocks it.
 */
export interface PaymentOpener {
  start?: () => void;
  go: (checkout: Required<Pick<StartedCheckout, "url">> & StartedCheckout) => void;
  /** No checkout could be made: undo `start`. */
  fail?: () => void;
}

const leavePage: PaymentOpener = { go: ({ url }) => window.location.assign(url) };

/**
 * The buy button's behaviour, shared by the sales page and the overlay checkout: create the
 * checkout session (with the visit it came from), then open its payment page (`opener`); Stripe
 * and PayPal alike (the server picks the seller's provider). Failures are the spec's 'Purchase
 * failed: {message}' toast, except a discount code refused at the last moment (its last use just
 * taken), which goes back beside the code field.
 */
export function useBuy(
  product: { id: string; price: number; currency?: string; bump?: OrderBumpChoice | null; ref?: string },
  provider: PaymentProvider,
  choices?: CheckoutChoices,
  opener: PaymentOpener = leavePage,
): BuyState {
  const checkout = useCreateCheckout();
  const onBuy = () => {
    opener.start?.();
    checkout.mutate(
      // The visit it came from, so the seller's traffic report credits the sale to its source.
      {
        productId: product.id,
        ...choices?.body(),
        // A checked order bump: one payment for both (rule: Order bumps).
        ...(product.bump?.checked ? { order_bump: true } : {}),
        // The affiliate code the page was opened with: the overlay's frame may not see our cookie.
        ...(product.ref ? { ref: product.ref } : {}),
        visit: visitOf(product.id),
      },
      {
        onSuccess: (res) => {
          if (res.url) return opener.go({ ...res, url: res.url });
          opener.fail?.();
          toast(`Purchase failed: ${res.error || "Failed to create checkout session"}`, "error");
        },
        onError: (err) => {
          opener.fail?.();
          if (err instanceof ApiError && err.status === 400 && String(err.body.code).startsWith("discount.") && choices)
            return choices.rejectCode(err.message);
          // A PayPal seller whose integration cannot take payments: the spec's alert, verbatim.
          if (err instanceof ApiError && err.body.code === "checkout.paypal_unavailable")
            return toast(String(err.body.error));
          const message =
            err instanceof ApiError
              ? (err.body.error as string | undefined) || "Failed to create checkout session"
              : err.message || "Please try again.";
          toast(`Purchase failed: ${message}`, "error");
        },
      },
    );
  };
  // Stay "Processing..." after success too while this page leaves for the payment page.
  // The button says what Buy charges: the price after an applied code, or the amount the buyer
  // typed for a pay-what-you-want product (disabled below its minimum, where the field says why).
  // A checked order bump adds its price: Buy says what the one payment will be.
  const own = choices ? (choices.payWhatYouWant ? (choices.amount ?? choices.minimum) : choices.price) : product.price;
  const price = own + (product.bump?.checked ? product.bump.offer.price : 0);
  return {
    price,
    currency: product.currency ?? "usd",
    provider,
    busy: checkout.isPending || (checkout.isSuccess && opener === leavePage),
    disabled: choices?.belowMinimum ?? false,
    onBuy,
    form: { product_id: product.id, ...choices?.formFields(), ...(product.ref ? { ref: product.ref } : {}) },
    ...(choices?.membership
      ? { membership: { interval: choices.membership.interval, trialDays: choices.membership.trialDays } }
      : {}),
  };
}
