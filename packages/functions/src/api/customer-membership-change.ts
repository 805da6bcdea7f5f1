import { changeByBuyer } from "@payloft/core/membership/manage";
import { api } from "../http/api";

/**
 * POST /api/customer/memberships/{id}/change {tier, interval}: another plan of the same product:
 * on Stripe prorated at once ({ membership }); on PayPal the revision's approval page ({ url }).
 */
export const handler = api(async (req) => changeByBuyer(req.actor!.email, req.params.id ?? "", req.body));
