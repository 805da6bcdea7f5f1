import { Sales } from "@payloft/core/sales/index";
import { api } from "../http/api";

/** GET /api/customer/purchases: the caller's own purchases (matched by sign-in e-mail). */
export const handler = api(async (req) => ({ purchases: await Sales.purchasesOf(req.actor!.email) }));
