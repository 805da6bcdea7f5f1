import { AdminAccounts } from "@payloft/core/admin/accounts";
import { api } from "../http/api";

export const handler = api(async (req) => ({ user: await AdminAccounts.reactivate(req.params.id ?? "") }));
