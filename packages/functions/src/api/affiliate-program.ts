import { AffiliateArea } from "@payloft/core/affiliate/mine";
import { api } from "../http/api";

/** GET /api/affiliate/programs/{id}: one of the caller's own. */
export const handler = api(async (req) => ({
  program: await AffiliateArea.one(req.actor!.userId, req.params.id ?? ""),
}));
