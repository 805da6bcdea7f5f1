import { IntegrationStatus } from "@payloft/core/integration/status";
import { api } from "../http/api";

/** Admin "My Settings": the admin's own payment integrations [{id, provider, is_live, is_active}]. */
export const handler = api(async (req) => ({ integrations: await IntegrationStatus.listForAdmin(req.actor!.userId) }));
