import { Sales } from "@payloft/core/sales/index";
import { api } from "../http/api";
import { parse } from "../http/request";

/** POST /api/customer/track-access {purchase_id, access_type:'view'}: records one opening. */
export const handler = api(async (req) => Sales.trackAccess(req.actor!.email, parse(Sales.TrackAccessInput, req.body)));
