import { AffiliateArea } from "@payloft/core/affiliate/mine";
import { api } from "../http/api";

/** PUT /api/affiliate/payout-details {paypal_email}. */
export const handler = api(async (req) => AffiliateArea.savePayoutDetails(req.actor!.userId, req.body));
