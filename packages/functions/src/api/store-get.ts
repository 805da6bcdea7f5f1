import { Store } from "@payloft/core/store/index";
import { api } from "../http/api";

/** GET /api/store: the caller's own storefront, or {store: null} before they create one. */
export const handler = api(async (req) => ({ store: await Store.mine(req.actor!.userId) }));
