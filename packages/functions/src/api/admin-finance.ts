import { AdminStats } from "@payloft/core/admin/stats";
import { api } from "../http/api";

/** Financial Reports: totals, commission at the commission_rate setting, monthly breakdown. */
export const handler = api(async () => AdminStats.finance());
