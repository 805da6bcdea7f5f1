import { paymentMethodByBuyer } from "@payloft/core/membership/manage";
import { api } from "../http/api";

/** POST /api/customer/memberships/{id}/payment-method: { url } of the seller's Stripe Billing Portal, to replace the card. */
export const handler = api(async (req) => paymentMethodByBuyer(req.actor!.email, req.params.id ?? ""));
