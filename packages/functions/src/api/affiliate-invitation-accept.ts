import { AffiliateInvitations } from "@payloft/core/affiliate/invitations";
import { api } from "../http/api";

/** POST /api/affiliate/invitations/{id}/accept: the caller becomes the creator's affiliate. */
export const handler = api(async (req) => ({
  affiliate: await AffiliateInvitations.accept(req.actor!.userId, req.params.id ?? ""),
}));
