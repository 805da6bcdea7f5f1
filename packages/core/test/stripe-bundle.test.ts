import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Metafile } from "esbuild";
import Stripe from "stripe";
import { useStack } from "@payloft/local/testing/index";
import { lambdaBuild } from "../../../infra/lambda-build.mjs";
import { STRIPE_RESOURCES } from "../../../infra/stripe-resources.mjs";
import { runStripeCalls } from "./stripe-calls";

// Lambda bundles build Stripe's client with only the resources in infra/stripe-resources.mjs.
// Here the SDK is bundled as the Lambdas are (esbuild, our plugins, the bench's options) and
// each call our code makes is run through it and through the whole SDK against the payments
// sandbox: the same requests must go out and the same answers come back.
const stack = useStack();
let Bundled: typeof Stripe;
let inputs: string[];

beforeAll(async () => {
  const result = await build({
    ...lambdaBuild,
    stdin: { contents: 'export { default } from "stripe";', resolveDir: join(import.meta.dirname, ".."), loader: "js" },
    metafile: true,
    write: false,
  });
  inputs = Object.keys((result.metafile as Metafile).inputs);
  const file = join(mkdtempSync(join(tmpdir(), "stripe-bundle-")), "stripe.mjs");
  writeFileSync(file, result.outputFiles[0]!.text);
  Bundled = ((await import(pathToFileURL(file).href)) as { default: typeof Stripe }).default;
});

describe("Stripe's SDK as Lambda bundles carry it", () => {
  it("leaves out the resources our code never calls", () => {
    const resourceFiles = inputs.filter((f) => /[\\/]stripe[\\/]esm[\\/]resources[\\/]/.test(f));
    expect(resourceFiles.some((f) => /[\\/]Issuing[\\/]/.test(f))).toBe(false);
    expect(resourceFiles.some((f) => /[\\/]Refunds\.js$/.test(f))).toBe(true);
    expect(resourceFiles.length).toBeLessThan(20); // of 193: the listed resources' own files (17)
    const trimmed = new Bundled("sk_test_trimmedAAAA1111") as unknown as Record<string, unknown>;
    const whole = new Stripe("sk_test_trimmedAAAA1111") as unknown as Record<string, unknown>;
    expect(whole.issuing).toBeDefined();
    expect(trimmed.issuing).toBeUndefined();
    for (const name of STRIPE_RESOURCES) expect(trimmed[name], name).toBeDefined();
    expect(Object.keys(trimmed).filter((k) => !(k in whole))).toEqual([]);
  });

  it("makes every kept call exactly as the whole SDK does, against the payments sandbox", async () => {
    stack();
    const whole = await runStripeCalls(Stripe, "sk_test_wholeSdkAAAA1111");
    const trimmed = await runStripeCalls(Bundled, "sk_test_bundledSdkAAAA1111");
    // Every kept resource is exercised: a resource added to the list needs its call here.
    expect(new Set(trimmed.map((s) => s.resource))).toEqual(new Set(STRIPE_RESOURCES));
    expect(whole.every((s) => s.requests.length > 0)).toBe(true);
    expect(trimmed).toEqual(whole);
    const missing = whole.find((s) => s.call.includes("missing"))!;
    expect(missing.answer).toMatchObject({ error: { type: "StripeInvalidRequestError", statusCode: 404 } });
  });
});
