import { membershipsOfBuyer } from "@payloft/core/membership/list";
import { api } from "../http/api";

/** GET /api/customer/memberships: the caller's memberships (matched by sign-in e-mail). */
export const handler = api(async (req) => membershipsOfBuyer(req.actor!.email));
