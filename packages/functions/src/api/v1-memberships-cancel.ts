import { cancelByCreator } from "@payloft/core/membership/manage";
import { Membership } from "@payloft/core/public-api/schemas";
import { keyApi } from "../http/api-key";

/**
 * POST /api/v1/memberships/{id}/cancel {at_period_end?}: the dashboard's cancel, on the seller's
 * Stripe (only this v1 route holds the key, so it is not in the PublicApi namespace).
 */
export const handler = keyApi(async (req) =>
  Membership.parse(await cancelByCreator(req.actor!.userId, req.params.id ?? "", req.body)),
);
