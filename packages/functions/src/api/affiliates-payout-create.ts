import { recordPayout } from "@payloft/core/affiliate/payouts";
import { api } from "../http/api";
import { reply } from "../http/request";

/** POST /api/affiliates/{id}/payouts {amount, currency, note}: "Mark as paid", never above what is due. */
export const handler = api(async (req) =>
  reply(201, { figures: await recordPayout(req.actor!.userId, req.params.id ?? "", req.body) }),
);
