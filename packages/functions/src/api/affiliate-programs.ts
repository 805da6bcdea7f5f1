import { AffiliateArea } from "@payloft/core/affiliate/mine";
import { api } from "../http/api";

/** GET /api/affiliate/programs: the creators the caller promotes, with their link and figures. */
export const handler = api(async (req) => ({ programs: await AffiliateArea.list(req.actor!.userId) }));
