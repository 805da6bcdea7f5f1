import { Affiliate } from "@payloft/core/affiliate/index";
import { api } from "../http/api";

/** PUT /api/affiliates/{id} {commission_percent?, product_ids?, status?}: on the caller's own affiliate. */
export const handler = api(async (req) => ({
  affiliate: await Affiliate.update(req.actor!.userId, req.params.id ?? "", req.body),
}));
