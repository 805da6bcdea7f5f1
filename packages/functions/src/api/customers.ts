import { Sales } from "@payloft/core/sales/index";
import { api } from "../http/api";
import { parse } from "../http/request";

/** GET /api/customers?cursor=&limit=: the creator's own customers. */
export const handler = api(async (req) => Sales.customers(req.actor!.userId, parse(Sales.PageInput, req.query)));
