import { creatorStats } from "@payloft/core/analytics/stats";
import { api } from "../http/api";

/** GET /api/dashboard/stats: the creator's stats strip, from counters (no Scan). */
export const handler = api(async (req) => ({ stats: await creatorStats(req.actor!.userId) }));
