import { affiliateSettings } from "@payloft/core/affiliate/settings";
import { api } from "../http/api";

/** GET /api/affiliates/settings: the creator's attribution window. */
export const handler = api(async (req) => ({ settings: await affiliateSettings(req.actor!.userId) }));
