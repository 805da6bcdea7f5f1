import { Store } from "@payloft/core/store/index";
import { api } from "../http/api";

/** PUT /api/store {handle, bio, avatar_url?, accent_color?}: 409 when the handle is taken. */
export const handler = api(async (req) => ({ store: await Store.save(req.actor!.userId, req.body) }));
