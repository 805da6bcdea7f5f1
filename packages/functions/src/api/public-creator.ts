import { User } from "@payloft/core/user/index";
import { api } from "../http/api";

/** GET /api/public/creator/{creatorId}: the creator's public name for customer signup. */
export const handler = api(async (req) => User.publicCreator(req.params.creatorId ?? ""));
