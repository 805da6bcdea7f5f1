import { saveAffiliateSettings } from "@payloft/core/affiliate/settings";
import { api } from "../http/api";

/** PUT /api/affiliates/settings {affiliate_cookie_days}: 1–90 days. */
export const handler = api(async (req) => ({ settings: await saveAffiliateSettings(req.actor!.userId, req.body) }));
