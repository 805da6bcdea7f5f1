import { routes, handlerModule } from "../packages/functions/src/routes";
import { routeLinks, type LinkName } from "../packages/functions/src/links";
import { table } from "./storage";
import { bus } from "./bus";
import { email } from "./email";
import { auth } from "./auth";
import { secrets } from "./secret";
import { webhookQueue } from "./webhooks";
import { siteUrl } from "./router";
import { files } from "./files";

/** The component behind each name the code reads through `Resource`. */
const linkable = {
  Table: table,
  Auth: auth,
  Bus: bus,
  Email: email,
  WebhookQueue: webhookQueue,
  Files: files,
  ...secrets,
} satisfies Record<LinkName, unknown>;

/**
 * The HTTP API: one API Gateway route and one Lambda per row of the route table (the same
 * rows the local gateway serves; packages/local/test/routes.test.ts keeps them in step).
 * Who may call a route is enforced inside the handler's api() wrapper, from the same row.
 */
export const api = new sst.aws.ApiGatewayV2("Api", {
  // SST's default is CORS for every origin, method and header (allowOrigins "*"). The app calls
  // the API on its own origin, and the public API and licence checks are called by servers, so
  // no other site's page may call it: false leaves API Gateway with no origin allowed.
  cors: false,
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

/** Each row with its Lambda, which infra/alarms.ts watches. */
export const routeFunctions: {
  route: (typeof routes)[number];
  functionName: $util.Output<string>;
  logGroup: $util.Output<string>;
}[] = [];

for (const route of routes) {
  const added = api.route(`${route.method} ${route.path}`, {
    handler: `${handlerModule(route)}.handler`,
    runtime: "nodejs22.x",
    // Only what this route's code reads (the row's links + the wrapper's base), never every secret.
    link: routeLinks(route).map((name) => linkable[name]),
    environment: { SITE_URL: siteUrl },
  });
  const fn = added.nodes.function;
  routeFunctions.push({
    route,
    functionName: fn.apply((f) => f.name),
    // The log group SST made for it (its name has its own suffix, not the function's).
    logGroup: fn.apply((f) => f.nodes.function.loggingConfig.logGroup),
  });
}
