import { Health } from "@payloft/core/health/index";
import { api } from "../http/api";

export const handler = api(async () => Health.check());
