import { AdminAccounts } from "@payloft/core/admin/accounts";
import { api } from "../http/api";
import { reply } from "../http/request";

/** Grant Free Accounts: 201 for a new (pre-provisioned) profile, 200 when an existing one changed. */
export const handler = api(async (req) => {
  const { user, created } = await AdminAccounts.grant(req.actor!.userId, req.body);
  return reply(created ? 201 : 200, { user });
});
