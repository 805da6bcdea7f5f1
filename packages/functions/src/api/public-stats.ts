import { Showcase } from "@payloft/core/showcase/index";
import { api } from "../http/api";

/** GET /api/public/stats: the landing and lifetime pages' figures from the platform counter (cached). */
export const handler = api(async () => Showcase.figures());
