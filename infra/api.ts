// placeholder replaced by the infra work
import { routes } from "../packages/functions/src/routes";
for (const route of routes) void route;
