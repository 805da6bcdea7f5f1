import { Sales } from "@payloft/core/sales/index";
import { api } from "../http/api";
import { parse } from "../http/request";

/** GET /api/sales-history?cursor=&limit=: the creator's own sales, newest first. */
export const handler = api(async (req) => Sales.history(req.actor!.userId, parse(Sales.PageInput, req.query)));
