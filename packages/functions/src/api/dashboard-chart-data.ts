import { Analytics } from "@payloft/core/analytics/index";
import { api } from "../http/api";

/** GET /api/dashboard/chart-data: 30 zero-filled days of sales and revenue (cents). */
export const handler = api(async (req) => ({ chartData: await Analytics.chartData(req.actor!.userId) }));
