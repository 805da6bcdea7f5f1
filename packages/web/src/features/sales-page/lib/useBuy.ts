import { ApiError } from "@/lib/api";
import { toast } from "@/components/ui/toast";
import { useCreateCheckout } from "@/features/sales-page/api/useCreateCheckout";
import { visitOf } from "@/features/sales-page/api/useRecordView";
import type { BuyState } from "@/features/sales-page/components/PriceCard";
import type { PaymentProvider } from "@/features/sales-page/api/types";
import type { CheckoutChoices } from "./useCheckoutChoices";

/**
 * The buy button's behaviour, shared by the sales page and the overlay checkout: create the
 * checkout session (with the visit it came from), then hand its URL to `go` (the sales page navigates; the overlay asks the
 * host page to); Stripe and PayPal alike (the server picks the seller's provider). Failures are
 * the spec's 'Purchase failed: {message}' toast.
 */
export function useBuy(
  product: { id: string; price: number; currency?: string },
  payment: { isPending: boolean; isError: boolean; data?: { provider: PaymentProvider } },
  go: (url: string) => void = (url) => window.location.assign(url),
  choices?: CheckoutChoices,
): BuyState {
  const checkout = useCreateCheckout();
  const provider: BuyState["provider"] = payment.isPending
    ? undefined
    : payment.isError
      ? "unknown"
      : (payment.data?.provider ?? null);
  const onBuy = () => {
    checkout.mutate(
      // The visit it came from, so the seller's traffic report credits the sale to its source.
      { productId: product.id, ...choices?.body(), visit: visitOf(product.id) },
      {
        onSuccess: (res) => {
          if (res.url) go(res.url);
          else toast(`Purchase failed: ${res.error || "Failed to create checkout session"}`, "error");
        },
        onError: (err) => {
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
  // Stay "Processing..." after success too, while the browser leaves for the payment page.
  // A pay-what-you-want button says what the buyer typed (when it is at least the minimum).
  const typed = choices?.payWhatYouWant && choices.amount !== null && choices.amount >= product.price;
  return {
    price: typed ? choices.amount! : product.price,
    currency: product.currency ?? "usd",
    provider,
    busy: checkout.isPending || checkout.isSuccess,
    onBuy,
  };
}
