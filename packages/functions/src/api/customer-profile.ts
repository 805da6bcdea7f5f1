import { Sales } from "@payloft/core/sales/index";
import { api } from "../http/api";
import { parse } from "../http/request";

/** PUT /api/customer/profile {name}: the customer's display name, trimmed and non-blank. */
export const handler = api(async (req) => Sales.renameCustomer(req.actor!.userId, parse(Sales.ProfileInput, req.body)));
