import { membersOf } from "@payloft/core/membership/list";
import { api } from "../http/api";

/** GET /api/memberships?status=&tier=&cursor=&limit=: the creator's members, newest first. */
export const handler = api(async (req) => membersOf(req.actor!.userId, req.query));
