import { AffiliateInvitations } from "@payloft/core/affiliate/invitations";
import { api } from "../http/api";

/** POST /api/affiliate/invitations/{id}/decline. */
export const handler = api(async (req) => ({
  affiliate: await AffiliateInvitations.decline(req.actor!.userId, req.params.id ?? ""),
}));
