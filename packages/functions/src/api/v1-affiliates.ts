import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** GET /api/v1/affiliates: the key owner's affiliates and their figures. */
export const handler = keyApi(async (req) => PublicApi.affiliates(req.actor!.userId));
