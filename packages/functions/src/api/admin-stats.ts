import { AdminStats } from "@payloft/core/admin/stats";
import { api } from "../http/api";

export const handler = api(async () => AdminStats.overview());
