import { cancelByBuyer } from "@payloft/core/membership/manage";
import { api } from "../http/api";

/** POST /api/customer/memberships/{id}/cancel: the buyer cancels at the period's end. */
export const handler = api(async (req) => ({ membership: await cancelByBuyer(req.actor!.email, req.params.id ?? "") }));
