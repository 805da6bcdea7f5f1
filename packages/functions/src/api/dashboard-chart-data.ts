import { creatorChart } from "@payloft/core/analytics/chart";
import { api } from "../http/api";

/** GET /api/dashboard/chart-data: 30 zero-filled days of sales and revenue (cents), without ElectroDB. */
export const handler = api(async (req) => ({ chartData: await creatorChart(req.actor!.userId) }));
