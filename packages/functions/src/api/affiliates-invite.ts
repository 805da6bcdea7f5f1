import { inviteAffiliate } from "@payloft/core/affiliate/invite";
import { api } from "../http/api";
import { reply } from "../http/request";

/** POST /api/affiliates {email, commission_percent, product_ids}: invites; nobody is an affiliate until they accept. */
export const handler = api(async (req) =>
  reply(201, { affiliate: await inviteAffiliate(req.actor!.userId, req.body) }),
);
