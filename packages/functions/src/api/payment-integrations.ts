import { AdminSales } from "@payloft/core/admin/sales";
import { api } from "../http/api";

/** Admin "My Settings": the admin's own payment integrations [{id, provider, is_live, is_active}]. */
export const handler = api(async (req) => AdminSales.integrationsOf(req.actor!.userId));
