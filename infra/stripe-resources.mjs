// Stripe's SDK builds every API resource it has (Issuing, Treasury, Terminal, TestHelpers, V2…,
// about 190 files and 176 KB of a Lambda bundle) into each client it constructs; our code calls
// a handful. In Lambda bundles the client is built with only the resources listed here. The
// tests hold the list to what the code uses (packages/core/test/stripe-resources.test.ts) and run
// each kept call through the trimmed SDK and the whole one against the payments sandbox
// (packages/core/test/stripe-bundle.test.ts). Tests and the local runtime use the whole SDK.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The Stripe client properties our code uses (`stripe.<name>`): the one list to add to. */
export const STRIPE_RESOURCES = [
  "balance",
  "billingPortal",
  "charges",
  "checkout",
  "invoicePayments",
  "invoices",
  "paymentIntents",
  "prices",
  "products",
  "refunds",
  "subscriptions",
  "webhookEndpoints",
];

// The SDK's client constructor creates each resource in a section its generator marks.
const INIT_BEGIN = "// StripeInitInstanceVariables: The beginning";
const INIT_END = "// StripeInitInstanceVariables: The end";
const INIT_LINE = /this\.(\w+) = new (\w+)\(this\);/g;
const CLIENT_ENTRY = /[\\/]stripe[\\/]esm[\\/]stripe\.(?:esm\.node|core)\.js$/;

function initSection(source, file) {
  const begin = source.indexOf(INIT_BEGIN);
  const end = source.indexOf(INIT_END);
  if (begin < 0 || end < begin)
    throw new Error(`${file}: no generated resource section; infra/stripe-resources.mjs needs updating`);
  return { begin, end, created: [...source.slice(begin, end).matchAll(INIT_LINE)] };
}

/** Every resource property the SDK's client has, with the class it is built from. */
export function clientResources(source, file = "stripe") {
  return new Map(initSection(source, file).created.map(([, property, className]) => [property, className]));
}

/** The client's source with only the kept resources created and imported. */
export function keepStripeResources(source, keep = STRIPE_RESOURCES, file = "stripe") {
  const { begin, end, created } = initSection(source, file);
  const all = new Map(created.map(([, property, className]) => [property, className]));
  const unknown = keep.filter((name) => !all.has(name));
  if (unknown.length)
    throw new Error(`infra/stripe-resources.mjs keeps ${unknown.join(", ")}, which the Stripe client does not have`);
  const kept = created.filter(([, property]) => keep.includes(property));
  const keptClasses = new Set(kept.map(([, , className]) => className));
  const section = `${INIT_BEGIN} (trimmed by infra/stripe-resources.mjs)\n${kept.map(([line]) => line).join("\n")}\n`;
  let out = source.slice(0, begin) + section + source.slice(end);
  for (const className of new Set(all.values())) {
    if (keptClasses.has(className)) continue;
    const importLine = new RegExp(`^import \\{ ${className},? \\} from '\\./resources/[^']+';\\n`, "m");
    out = out.replace(importLine, "");
    if (new RegExp(`\\b${className}\\b`).test(out))
      throw new Error(
        `${file} uses ${className} outside its resource section; infra/stripe-resources.mjs needs updating`,
      );
  }
  return out;
}

/** `stripe.resources` (the SDK's table of resource classes) with only OAuth and the kept ones. */
function keptResourceTable(resourcesFile, keptClasses) {
  const lines = readFileSync(resourcesFile, "utf8").split("\n");
  const exported = /^export \{ (\w+)(?: as \w+)? \} from '\.\/resources\/[^']+';$/;
  return lines
    .filter((line) => {
      const className = exported.exec(line)?.[1];
      return className === "OAuthResource" || keptClasses.has(className);
    })
    .join("\n");
}

export const keepUsedStripeResources = {
  name: "keep-used-stripe-resources",
  setup(build) {
    build.onLoad({ filter: CLIENT_ENTRY }, (args) => ({
      contents: keepStripeResources(readFileSync(args.path, "utf8"), STRIPE_RESOURCES, args.path),
      loader: "js",
    }));
    build.onResolve({ filter: /^\.\/resources\.js$/ }, (args) =>
      CLIENT_ENTRY.test(args.importer)
        ? { path: join(dirname(args.importer), "resources.js"), namespace: "stripe-kept-resources" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "stripe-kept-resources" }, (args) => {
      const client = readFileSync(join(dirname(args.path), "stripe.esm.node.js"), "utf8");
      const all = clientResources(client, args.path);
      const keptClasses = new Set(STRIPE_RESOURCES.map((name) => all.get(name)));
      return { contents: keptResourceTable(args.path, keptClasses), loader: "js", resolveDir: dirname(args.path) };
    });
  },
};
