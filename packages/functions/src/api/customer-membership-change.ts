import { changeByBuyer } from "@payloft/core/membership/manage";
import { api } from "../http/api";

/** POST /api/customer/memberships/{id}/change {tier, interval}: another plan of the same product, prorated. */
export const handler = api(async (req) => ({
  membership: await changeByBuyer(req.actor!.email, req.params.id ?? "", req.body),
}));
