import type { TestProject } from "vitest/node";
import { join } from "node:path";
import { existsSync } from "node:fs";

/**
 * Browser journeys run against one full local stack (its own in-memory DynamoDB Local,
 * demo data on) serving the built web app, like `npm start` does.
 */
export default async function setup(project: TestProject) {
  const webDist = join(__dirname, "../../web/dist");
  if (!existsSync(join(webDist, "index.html"))) {
    throw new Error("packages/web/dist is missing: `npm test` builds it first (pnpm --filter @payloft/web build).");
  }
  const { startStack } = await import("@payloft/local/stack");
  // Journeys read figures right after a purchase: the figures fold's batching window is short here.
  const stack = await startStack({
    port: 0,
    dataDir: null,
    seed: true,
    webDist,
    tableName: "e2e",
    quiet: true,
    streamWindowMs: 50,
  });
  project.provide("baseUrl", stack.url);
  // The journeys play CloudFront for each browser context's viewer address (browser.ts).
  project.provide(
    "originSecret",
    (JSON.parse(process.env.SST_RESOURCE_OriginSecret ?? "{}") as { value: string }).value,
  );
  // The payments sandbox, for journeys that do what a seller does in Stripe's dashboard.
  project.provide("stripeUrl", stack.stripe.url);
  return () => stack.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stripeUrl: string;
    originSecret: string;
  }
}
