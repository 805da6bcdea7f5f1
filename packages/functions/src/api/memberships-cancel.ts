import { cancelByCreator } from "@payloft/core/membership/manage";
import { api } from "../http/api";

/** POST /api/memberships/{id}/cancel {at_period_end?}: the creator ends a member's subscription. */
export const handler = api(async (req) => ({
  membership: await cancelByCreator(req.actor!.userId, req.params.id ?? "", req.body),
}));
