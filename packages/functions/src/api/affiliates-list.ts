import { Affiliate } from "@payloft/core/affiliate/index";
import { api } from "../http/api";

/** GET /api/affiliates: the caller's affiliates and open invitations. */
export const handler = api(async (req) => ({ affiliates: await Affiliate.list(req.actor!.userId) }));
