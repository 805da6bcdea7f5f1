import { payoutsDueCsv } from "@payloft/core/affiliate/payouts";
import { api } from "../http/api";
import { reply } from "../http/request";

/** GET /api/affiliates/payouts/due.csv: the PayPal Payouts bulk file of what is due. */
export const handler = api(async (req) =>
  reply(200, await payoutsDueCsv(req.actor!.userId), {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": 'attachment; filename="affiliate-payouts.csv"',
  }),
);
