import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import ts from "typescript";
import { STRIPE_RESOURCES, clientResources } from "../../../infra/stripe-resources.mjs";

/*
 * This test reads source on purpose, through TypeScript's type checker (not by matching text):
 * which Stripe resources Lambda bundles may leave out depends on every call our code CAN make,
 * on every path; running the code shows only the calls the tests happen to make, and a resource
 * used on a rare path would pass here and fail in production. stripe-bundle.test.ts then runs
 * every kept call through the trimmed SDK.
 */
const root = join(import.meta.dirname, "../../..");
// The code Lambdas are built from; the local runtime and the web app never run in one.
const LAMBDA_SOURCES = ["packages/core/src", "packages/functions/src"];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));

// The SDK's ESM client, from the copy our core package resolves (the one Lambdas bundle).
const sdkEsm = join(createRequire(join(root, "packages/core/package.json")).resolve("stripe"), "../../esm");
const stripeClientSource = () => readFileSync(join(sdkEsm, "stripe.esm.node.js"), "utf8");

/** Is this the type of a Stripe client (the SDK's `Stripe` class instance)? */
function isStripeClient(type: ts.Type) {
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  return (
    symbol?.getName() === "Stripe" &&
    (symbol.getDeclarations() ?? []).some((d) => /[\\/]node_modules[\\/]stripe[\\/]/.test(d.getSourceFile().fileName))
  );
}

/**
 * Every `<client>.<property>` in the Lambda sources where <client> is typed as a Stripe client,
 * whatever the expression (a variable, `stripeClient(key)`, `platformStripe()`), and every
 * property destructured from one.
 */
function stripePropertiesUsed(clientProperties: Set<string>) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  )!;
  const files = LAMBDA_SOURCES.flatMap((dir) => sourceFiles(join(root, dir)));
  // Only our files and the SDK's client declaration: enough to know which expressions are Stripe
  // clients, without parsing every dependency's types (about 30 s of CPU saved).
  const program = ts.createProgram([...files, realpathSync(join(sdkEsm, "stripe.esm.node.d.ts"))], {
    ...config.options,
    noResolve: true,
    types: [],
    lib: ["lib.es2023.d.ts"],
  });
  const checker = program.getTypeChecker();
  const used = new Map<string, string[]>();
  const note = (name: string, node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    used.set(name, [...(used.get(name) ?? []), `${relative(root, file.fileName)}:${line + 1}`]);
  };
  // The type is asked only where a client property's name appears: asking it everywhere is slow.
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAccessExpression(node) &&
      clientProperties.has(node.name.text) &&
      isStripeClient(checker.getTypeAtLocation(node.expression))
    )
      note(node.name.text, node);
    if (ts.isElementAccessExpression(node) && isStripeClient(checker.getTypeAtLocation(node.expression)))
      note(ts.isStringLiteral(node.argumentExpression) ? node.argumentExpression.text : "<computed>", node);
    if (ts.isObjectBindingPattern(node) && isStripeClient(checker.getTypeAtLocation(node)))
      for (const element of node.elements) note((element.propertyName ?? element.name).getText(), element);
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(program.getSourceFile(file)!);
  return used;
}

describe("the Stripe resources Lambda bundles keep (infra/stripe-resources.mjs)", () => {
  const resources = clientResources(stripeClientSource());
  const used = stripePropertiesUsed(new Set([...resources.keys(), "webhooks"]));

  it("finds the client's resources and our calls (a scan that finds nothing proves nothing)", () => {
    expect(resources.size).toBeGreaterThan(60);
    expect(resources.get("refunds")).toBe("RefundResource");
    expect(used.get("checkout")?.some((at) => at.startsWith("packages/core/src/checkout/"))).toBe(true);
    expect(used.has("webhooks")).toBe(true); // not a resource: signature checks, always there
  });

  it("keeps every resource our code uses", () => {
    const missing = [...used]
      .filter(([name]) => (resources.has(name) || name === "<computed>") && !STRIPE_RESOURCES.includes(name))
      .map(([name, at]) => `stripe.${name} (used at ${at.join(", ")})`);
    expect(
      missing,
      `Lambda bundles build the Stripe client without these; add them to STRIPE_RESOURCES in ` +
        `infra/stripe-resources.mjs and a call to packages/core/test/stripe-bundle.test.ts`,
    ).toEqual([]);
  });

  it("keeps nothing our code does not use", () => {
    const unused = STRIPE_RESOURCES.filter((name) => !used.has(name));
    expect(unused, "no code calls these any more: remove them from infra/stripe-resources.mjs").toEqual([]);
  });
});
