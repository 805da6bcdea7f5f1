import { routes, handlerModule } from "../packages/functions/src/routes";
import { table } from "./storage";
import { bus } from "./bus";
import { email } from "./email";
import { auth } from "./auth";
import { allSecrets } from "./secret";
import { siteUrl } from "./router";
import { files } from "./files";

/** Handlers that presign or check hosted files: only they get the bucket. */
const FILE_HANDLERS = new Set(["uploads-create", "products-create", "access-open"]);

/**
 * The HTTP API: one API Gateway route and one Lambda per row of the route table (the same
 * rows the local gateway serves; packages/local/test/routes.test.ts keeps them in step).
 * Who may call a route is enforced inside the handler's api() wrapper, from the same row.
 */
export const api = new sst.aws.ApiGatewayV2("Api", {
  transform: {
    stage: (args) => {
      // Stage-wide throttle: absorbs bursts and bots without hurting a real shopper.
      args.defaultRouteSettings = {
        ...args.defaultRouteSettings,
        throttlingBurstLimit: 200,
        throttlingRateLimit: 100,
      };
    },
  },
});

for (const route of routes) {
  api.route(`${route.method} ${route.path}`, {
    handler: `${handlerModule(route)}.handler`,
    runtime: "nodejs22.x",
    link: [table, bus, email, auth, ...allSecrets, ...(FILE_HANDLERS.has(route.handler) ? [files] : [])],
    environment: { SITE_URL: siteUrl },
  });
}
