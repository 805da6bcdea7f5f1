import { Integration } from "@payloft/core/integration/index";
import { api } from "../http/api";

/** Admin "My Settings": the admin's own payment integrations [{id, provider, is_live, is_active}]. */
export const handler = api(async (req) => ({ integrations: await Integration.listForAdmin(req.actor!.userId) }));
