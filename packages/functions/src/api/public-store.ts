import { storePublicView } from "@payloft/core/store/public";
import { api } from "../http/api";

/** GET /api/public/stores/{handle}: the store page's data (products that can be bought now), read without ElectroDB. */
export const handler = api(async (req) => storePublicView(req.params.handle ?? ""));
