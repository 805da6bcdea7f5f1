import { Traffic } from "@payloft/core/traffic/index";
import { api } from "../http/api";

/** GET /api/dashboard/traffic?days=7|30|90: views and sales by source, referrer and campaign (Pro and up). */
export const handler = api(async (req) => Traffic.report(req.actor!.userId, req.query));
