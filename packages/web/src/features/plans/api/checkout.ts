import { ApiError, apiFetch } from "@/lib/api";

/**
 * POST /api/platform/create-checkout-session and /create-lifetime-checkout.
 * A refused call becomes a CheckoutFailed carrying the server's text (or the spec's default);
 * anything else (network, bug) stays an ordinary error, which screens report differently.
 */
export const CHECKOUT_FAILED = "Failed to create checkout session";
export const SOMETHING_WRONG = "Something went wrong. Please try again.";

export class CheckoutFailed extends Error {}

async function start(path: string, body: unknown): Promise<string> {
  try {
    const res = await apiFetch<{ url?: string; error?: string }>(path, { method: "POST", body });
    if (!res?.url) throw new CheckoutFailed(res?.error || CHECKOUT_FAILED);
    return res.url;
  } catch (err) {
    if (err instanceof ApiError)
      throw new CheckoutFailed(typeof err.body.error === "string" && err.body.error ? err.body.error : CHECKOUT_FAILED);
    throw err;
  }
}

export const createCheckoutSession = (input: {
  plan: string;
  billing_cycle: "monthly" | "yearly";
  customer_name: string;
}) => start("/api/platform/create-checkout-session", input);

export const createLifetimeCheckout = (input: { customer_name: string }) =>
  start("/api/platform/create-lifetime-checkout", input);

/** The alert text for a failed checkout start. */
export const checkoutErrorText = (err: unknown) => (err instanceof CheckoutFailed ? err.message : SOMETHING_WRONG);
