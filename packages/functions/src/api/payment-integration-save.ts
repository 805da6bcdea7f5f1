import { Integration } from "@payloft/core/integration/index";
import { api } from "../http/api";

/** The whole integration object from Settings → Payment Setup; core validates the keys. */
export const handler = api(async (req) => Integration.save(req.actor!.userId, req.body));
