import { beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Metafile } from "esbuild";
import { HOT_LAMBDAS, lambdaBuild, lambdaFunctions } from "../../../infra/lambda-build.mjs";
import { LAMBDA_NODEJS, LAMBDA_RUNTIME } from "../../../infra/lambda-bundling.mjs";
import { routes } from "../src/routes";
import { STAGE_ENV, runInfra } from "@payloft/local/testing/infra";
import { schedules } from "../src/schedules";
import { subscribers } from "../src/subscribers";

/**
 * Every Lambda SST builds, built as SST builds it (infra/lambda-build.mjs, from the settings
 * infra/defaults.ts hands SST), in one esbuild run. The bench measures their sizes and cold
 * starts against budgets; this holds what those figures rest on, whatever the machine's load.
 */
const repo = join(import.meta.dirname, "../../..");
/** The Lambdas every sales page view and every dashboard visit calls (the bench gives them 150 KB). */
const HOT = HOT_LAMBDAS;
/** The modules still on classic zod (`import * as z from "zod"`); the rest of the app uses zod/mini. */
const CLASSIC_ZOD_MODULES = [
  "packages/core/src/admin/accounts.ts",
  "packages/core/src/admin/page.ts",
  "packages/core/src/admin/users.ts",
  "packages/core/src/affiliate/input.ts",
  "packages/core/src/affiliate/payouts.ts",
  "packages/core/src/affiliate/settings.ts",
  "packages/core/src/analytics/index.ts",
  "packages/core/src/api-key/index.ts",
  "packages/core/src/checkout/claim.ts",
  "packages/core/src/discount/input.ts",
  "packages/core/src/files/index.ts",
  "packages/core/src/license/index.ts",
  "packages/core/src/moderation/review.ts",
  "packages/core/src/payment/paypal-events.ts",
  "packages/core/src/product/billing.ts",
  "packages/core/src/product/bundle.ts",
  "packages/core/src/product/info.ts",
  "packages/core/src/product/input.ts",
  "packages/core/src/public-api/schemas.ts",
  "packages/core/src/recovery/unsubscribe.ts",
  "packages/core/src/refund/index.ts",
  "packages/core/src/store/input.ts",
  "packages/core/src/traffic/index.ts",
  "packages/core/src/user/sign-in.ts",
  "packages/functions/src/api/admin-settings-update.ts",
  "packages/functions/src/api/sessions-create.ts",
  "packages/functions/src/openapi/document.ts",
];
let functions: { name: string; entry: string }[];
let outputs: Map<string, Metafile["outputs"][string]>;
let inputs: Metafile["inputs"];

beforeAll(async () => {
  functions = await lambdaFunctions();
  const result = await build({
    ...lambdaBuild,
    entryPoints: Object.fromEntries(functions.map((f) => [f.name, f.entry])),
    outdir: "/lambdas",
    absWorkingDir: repo,
    metafile: true,
    write: false,
  });
  inputs = result.metafile.inputs;
  outputs = new Map(
    Object.entries(result.metafile.outputs).map(([path, out]) => [path.replace(/^.*?lambdas\/|\.js$/g, ""), out]),
  );
}, 300_000);

describe("the Lambda bundles", () => {
  it("are built with the settings SST deploys with", () => {
    // SST's builder: sharp and pg-native, the install packages and esbuild.external stay out.
    expect(lambdaBuild.external).toEqual([
      "sharp",
      "pg-native",
      ...Object.keys(LAMBDA_NODEJS.install),
      ...LAMBDA_NODEJS.esbuild.external,
    ]);
    expect(lambdaBuild.minify).toBe(LAMBDA_NODEJS.minify);
    expect(LAMBDA_RUNTIME).toBe("nodejs22.x");
    expect(lambdaBuild.target).toBe("es2023");
    // That infra/defaults.ts hands SST these same settings for every function is checked on the
    // deploy program (packages/local/test/infra-edge.test.ts).
  });

  it("are every Lambda the deploy program declares: each row of the route, subscriber and schedule tables, and the rest", async () => {
    // The program (sst.config.ts, infra/*) run offline on recording stand-ins: every `handler`
    // given to a component or to one of its methods (api.route, bus.subscribe, queue.subscribe, a Cron's function).
    const program = await runInfra({ stage: "test", env: STAGE_ENV });
    const handlers = new Set<string>();
    const collect = (value: unknown, depth = 0): void => {
      if (!value || typeof value !== "object" || depth > 4) return;
      for (const [key, v] of Object.entries(value)) {
        if (key === "handler" && typeof v === "string") handlers.add(v);
        else collect(v, depth + 1);
      }
    };
    for (const component of program.declared) {
      collect(component.args);
      for (const call of component.calls) collect(call.args);
    }
    const entries = [...handlers].map((h) => join(repo, h.replace(/\.handler$/, ".ts"))).sort();
    expect(functions.map((f) => f.entry).sort()).toEqual(entries);
    const names = functions.map((f) => f.name);
    for (const route of routes) expect(names, route.path).toContain(route.handler);
    for (const row of subscribers) expect(names, row.name).toContain(`events/${row.handler}`);
    for (const row of schedules) expect(names, row.name).toContain(`scheduled/${row.handler}`);
    expect([...outputs.keys()].sort()).toEqual([...names].sort());
  });

  it("take nothing from the runtime but Node's own modules", () => {
    for (const [name, out] of outputs) {
      const outside = out.imports.map((i) => i.path).filter((p) => !p.startsWith("node:") && !/^[a-z_]+$/.test(p));
      expect(outside, name).toEqual([]);
    }
  });

  it("leave ElectroDB, the AWS SDK and zod classic out of the Lambdas the sales page, the dashboards and the landing page call", () => {
    // public-store: the store page's read. pages/handler: the page Lambda, which reads the store
    // the same way and answers ?ref= through affiliate/visit.ts's lean reads.
    for (const name of [...HOT, "public-stats", "public-store", "pages/handler"]) {
      const inputs = Object.keys(outputs.get(name)!.inputs);
      expect(
        inputs.filter((f) => /\/(electrodb|@aws-sdk|jsonschema)\/|\/zod\/v4\/classic\//.test(f)),
        name,
      ).toEqual([]);
    }
  });

  it("carry zod classic only through the modules not yet moved to zod/mini", () => {
    // Classic zod cannot be tree-shaken (~95 KB of every bundle that imports it once); zod/mini
    // is ~20 KB. Strike a module off this list when it moves to zod/mini; never add one.
    const classicModules = new Set(CLASSIC_ZOD_MODULES);
    // What esbuild resolved each module's imports to: a bare "zod" that outlived type erasure.
    const importsClassic = (file: string) => inputs[file]!.imports.some((i) => i.original === "zod");
    const seen = new Set<string>();
    for (const [name, out] of outputs) {
      const inputs = Object.keys(out.inputs);
      const own = inputs.filter((f) => f.startsWith("packages/") && importsClassic(f));
      own.forEach((f) => seen.add(f));
      expect(
        own.filter((f) => !classicModules.has(f)),
        `${name}: moved to zod/mini, or add no classic import`,
      ).toEqual([]);
      // Nothing else drags classic zod in: a bundle whose own modules are all on zod/mini has none of it.
      if (own.length === 0)
        expect(
          inputs.filter((f) => /\/zod\/v4\/classic\//.test(f)),
          name,
        ).toEqual([]);
    }
    expect(
      [...classicModules].filter((f) => !seen.has(f)),
      "listed but no longer on zod classic",
    ).toEqual([]);
  });

  it("take AWS credentials from the Lambda's environment, without the rest of the SDK's default chain", async () => {
    for (const [name, out] of outputs) {
      const chain = Object.keys(out.inputs).filter((f) =>
        /\/@aws-sdk\/(credential-provider-|nested-clients\/)/.test(f),
      );
      expect(chain, name).toEqual([]);
    }
    // An SDK client bundled as the Lambdas bundle it signs its calls with the environment's keys.
    const result = await build({
      ...lambdaBuild,
      stdin: {
        contents: 'export { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";',
        resolveDir: join(repo, "packages/core"),
        loader: "js",
      },
      write: false,
    });
    const file = join(mkdtempSync(join(tmpdir(), "sdk-bundle-")), "dynamodb.mjs");
    writeFileSync(file, result.outputFiles[0]!.text);
    type Bundled = {
      DynamoDBClient: new (config: object) => { send(command: unknown): Promise<unknown> };
      ListTablesCommand: new (input: object) => unknown;
    };
    const { DynamoDBClient, ListTablesCommand } = (await import(pathToFileURL(file).href)) as Bundled;
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume().on("end", () => res.end('{"TableNames":[]}'));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as { port: number };
    const keys = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"] as const;
    const saved = keys.map((k) => process.env[k]);
    const client = () =>
      new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: "eu-west-1", maxAttempts: 1 });
    try {
      Object.assign(process.env, {
        AWS_ACCESS_KEY_ID: "AKIDLAMBDAROLE",
        AWS_SECRET_ACCESS_KEY: "s",
        AWS_SESSION_TOKEN: "tok",
      });
      await expect(client().send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
      expect(seen[0]!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDLAMBDAROLE\//);
      expect(seen[0]!["x-amz-security-token"]).toBe("tok");
      for (const k of keys) delete process.env[k];
      await expect(client().send(new ListTablesCommand({}))).rejects.toThrow(/AWS_ACCESS_KEY_ID/);
      expect(seen).toHaveLength(1);
    } finally {
      keys.forEach((k, i) => (saved[i] === undefined ? delete process.env[k] : (process.env[k] = saved[i])));
      server.close();
    }
  });
});
