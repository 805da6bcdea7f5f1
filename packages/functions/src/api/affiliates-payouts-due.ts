import { payoutsDue } from "@payloft/core/affiliate/payouts";
import { api } from "../http/api";

/** GET /api/affiliates/payouts/due: each affiliate's unpaid balance per currency. */
export const handler = api(async (req) => ({ due: await payoutsDue(req.actor!.userId) }));
