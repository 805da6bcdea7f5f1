import { Store } from "@payloft/core/store/index";
import { api } from "../http/api";

/** GET /api/public/stores/{handle}: the store page's data (products that can be bought now). */
export const handler = api(async (req) => Store.publicView(req.params.handle ?? ""));
