import { Resource } from "sst";
import { stripeClient } from "../payment/stripe";

/** The platform's own Stripe account (plans and the lifetime deal), not a seller's. */
export const platformStripe = () => stripeClient(Resource.StripeSecretKey.value);
