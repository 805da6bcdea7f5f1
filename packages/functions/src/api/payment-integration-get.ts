import { Integration } from "@payloft/core/integration/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/** The caller's integration in masked form (rule: Sellers' keys), or null when none is saved. */
export const handler = api(async (req) => reply(200, (await Integration.get(req.actor!.userId)) ?? null));
