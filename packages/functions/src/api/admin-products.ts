import { Moderation } from "@payloft/core/moderation/index";
import { api } from "../http/api";

export const handler = api(async (req) => Moderation.list(req.query));
