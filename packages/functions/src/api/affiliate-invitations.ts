import { AffiliateInvitations } from "@payloft/core/affiliate/invitations";
import { api } from "../http/api";

/** GET /api/affiliate/invitations: invitations sent to the caller's e-mail, still open. */
export const handler = api(async (req) => ({ invitations: await AffiliateInvitations.list(req.actor!.userId) }));
