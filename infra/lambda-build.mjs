// esbuild's options for a Lambda bundle exactly as SST 4.17's Node builder sets them
// (`pkg/runtime/node/build.go`: bundle, ESM, platform node, keepNames, the `module` field first,
// the target its runtime map gives nodejs22.x, its banner, `sharp` and `pg-native` external)
// from the same runtime and `nodejs` options infra/defaults.ts hands SST
// (infra/lambda-bundling.mjs: minify, external, define, install, our plugins). And the list of every
// Lambda SST builds.
//
// The bench's lambda benchmark and the tests that inspect a bundle build with these, so what
// they measure is what a deploy ships. Spread them and add what the caller needs (entry points,
// metafile, write: false).
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LAMBDA_NODEJS, LAMBDA_RUNTIME } from "./lambda-bundling.mjs";

const { default: plugins } = await import(new URL(`../${LAMBDA_NODEJS.plugins}`, import.meta.url).href);

/** SST's `targetMap` and `forceExternal`. */
const TARGETS = { "nodejs24.x": "es2024", "nodejs22.x": "es2023", "nodejs20.x": "es2023" };
const ALWAYS_EXTERNAL = ["sharp", "pg-native"];

export const lambdaBuild = {
  bundle: true,
  minify: LAMBDA_NODEJS.minify,
  format: "esm",
  platform: "node",
  target: TARGETS[LAMBDA_RUNTIME],
  keepNames: true,
  mainFields: ["module", "main"],
  plugins,
  external: [...ALWAYS_EXTERNAL, ...Object.keys(LAMBDA_NODEJS.install), ...LAMBDA_NODEJS.esbuild.external],
  define: LAMBDA_NODEJS.esbuild.define,
  banner: {
    js: [
      "import { createRequire as topLevelCreateRequire } from 'module';",
      "const require = topLevelCreateRequire(import.meta.url);",
      'import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"',
      "const __filename = topLevelFileUrlToPath(import.meta.url)",
      'const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))',
    ].join("\n"),
  },
  logLevel: "error",
};

/**
 * The Lambdas every sales page view and every dashboard visit calls: the bench gives them 150 KB
 * and 50 ms of cold init, the bundle tests keep ElectroDB and the SDK out of them.
 */
export const HOT_LAMBDAS = [
  "public-product",
  "public-payment-info",
  "public-status",
  "dashboard-stats",
  "dashboard-chart-data",
];

const root = fileURLToPath(new URL("..", import.meta.url));
const FUNCTIONS = "packages/functions/src/";
/** How infra/ names the handler of each row of the route, subscriber and schedule tables. */
const TABLE_HANDLERS = [
  "`${handlerModule(route)}.handler`",
  "`${subscriberModule(row)}.handler`",
  "`${scheduleModule(row)}.handler`",
  "`${streamModule(figuresFold)}.handler`",
];

/**
 * Every Lambda SST builds, by name (a route's handler, the path under packages/functions/src for
 * the rest: `events/<name>` for a subscriber, `scheduled/<name>` for a scheduled job) with its
 * entry file: one per row of the route table (routes.ts and the rows it spreads in), of the
 * subscriber table and of the schedule table, the figures fold on the table's stream, and every
 * handler infra/ names by its path (the sign-in issuer, the share preview, the webhook queue's
 * consumer). A handler written any other way in infra/ stops the list, so none is left out.
 */
export async function lambdaFunctions() {
  const { routes, handlerModule } = await import("../packages/functions/src/routes.ts");
  const { subscribers, subscriberModule } = await import("../packages/functions/src/subscribers.ts");
  const { schedules, scheduleModule } = await import("../packages/functions/src/schedules.ts");
  const { figuresFold, streamModule } = await import("../packages/functions/src/table-stream.ts");
  const found = new Map();
  const add = (module) => found.set(module.slice(FUNCTIONS.length).replace(/^api\//, ""), `${root}${module}.ts`);
  for (const route of routes) add(handlerModule(route));
  for (const row of subscribers) add(subscriberModule(row));
  for (const row of schedules) add(scheduleModule(row));
  add(streamModule(figuresFold));
  for (const file of readdirSync(`${root}infra`).filter((f) => f.endsWith(".ts"))) {
    for (const [, handler] of readFileSync(`${root}infra/${file}`, "utf8").matchAll(
      /\bhandler:\s*(`[^`]*`|"[^"]*")/g,
    )) {
      if (TABLE_HANDLERS.includes(handler)) continue;
      const path = /^"(packages\/functions\/src\/[\w/-]+)\.handler"$/.exec(handler)?.[1];
      if (!path)
        throw new Error(`infra/${file} declares a Lambda as ${handler}: name its handler by path or add it here`);
      add(path);
    }
  }
  return [...found].map(([name, entry]) => ({ name, entry })).sort((a, b) => a.name.localeCompare(b.name));
}
