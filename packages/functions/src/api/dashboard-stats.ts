import { Analytics } from "@payloft/core/analytics/index";
import { api } from "../http/api";

/** GET /api/dashboard/stats: the creator's stats strip, from counters (no Scan). */
export const handler = api(async (req) => ({ stats: await Analytics.stats(req.actor!.userId) }));
