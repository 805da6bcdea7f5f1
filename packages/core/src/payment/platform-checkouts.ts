import type { Provider } from "../bus/events";
import { platformStripe } from "../plan/stripe";

/**
 * The platform checkout a platform payment belongs to, asked of the provider (only the plan
 * subscriber holds the platform's API key; webhook receivers translate from the payload). A
 * provider that sells plans adds its lookup here.
 */
export async function platformCheckoutOfPayment(provider: Provider, paymentRef: string): Promise<string | undefined> {
  if (provider !== "stripe") return undefined;
  const sessions = await platformStripe().checkout.sessions.list({ payment_intent: paymentRef, limit: 1 });
  return sessions.data[0]?.id;
}
