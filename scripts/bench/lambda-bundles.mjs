// Lambda bundles as SST builds them for a Node function (infra/lambda-build.mjs), their size,
// what fills them (esbuild's metafile, biggest packages first) and the public product handler's
// cold init: a fresh `node` process importing the bundle and everything it loads from outside it
// (the runtime's AWS SDK included, if the bundle imports any), median of 7.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { root, budget, print, note } from "./lib.mjs";
import { lambdaBuild } from "../../infra/lambda-build.mjs";

const BUDGETS = { "public-product": 250, "dashboard-stats": 250, "checkout-create-session": 500 };
// In pnpm's hidden hoisting folder every installed package resolves, as the runtime's SDK would.
const outDir = join(root, "node_modules/.pnpm/node_modules/.payloft-bench");
mkdirSync(outDir, { recursive: true });

const packageOf = (file) =>
  file.match(/node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
  file.split("/").slice(0, 3).join("/");

for (const [name, limit] of Object.entries(BUDGETS)) {
  const result = await build({
    ...lambdaBuild,
    entryPoints: [join(root, `packages/functions/src/api/${name}.ts`)],
    metafile: true,
    write: false,
  });
  const code = result.outputFiles[0].contents;
  writeFileSync(join(outDir, `${name}.mjs`), code);
  budget(`${name} bundle`, code.length / 1024, limit, "KB");
  const byPackage = {};
  for (const [file, info] of Object.entries(Object.values(result.metafile.outputs)[0].inputs))
    byPackage[packageOf(file)] = (byPackage[packageOf(file)] ?? 0) + info.bytesInOutput;
  const top = Object.entries(byPackage)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([p, bytes]) => `${p} ${(bytes / 1024).toFixed(0)} KB`);
  note(`${name}: ${top.join(", ")}`);
}

// Cold init: what a new Lambda instance runs before the first request (module load + top level).
const env = {
  ...process.env,
  NODE_NO_WARNINGS: "1",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  SST_RESOURCE_App: JSON.stringify({ name: "payloft", stage: "bench" }),
  ...Object.fromEntries(
    ["Table", "Bus", "Email", "Auth"].map((r) => [`SST_RESOURCE_${r}`, JSON.stringify({ name: r, url: "http://x" })]),
  ),
  ...Object.fromEntries(
    ["EncryptionKey", "StripeSecretKey", "StripeWebhookSecret", "GoogleClientId", "GoogleClientSecret"].map((r) => [
      `SST_RESOURCE_${r}`,
      JSON.stringify({ value: "bench" }),
    ]),
  ),
};
// Wall time is what a cold start costs; CPU time (user + system of the import) is printed too
// because on a busy machine it is inflated much less than wall time.
const timeImport = () =>
  `const t = performance.now(), c = process.cpuUsage(); await import(${JSON.stringify(join(outDir, "public-product.mjs"))});` +
  `const u = process.cpuUsage(c); console.log(performance.now() - t, (u.user + u.system) / 1000);`;
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const measure = () => {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < 7; i++) {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", timeImport()], {
      cwd: outDir,
      env,
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`cold init failed: ${run.stderr}`);
    const [w, c] = run.stdout.trim().split(" ").map(Number);
    wall.push(w);
    cpu.push(c);
  }
  return { wall: median(wall), cpu: median(cpu) };
};
const cold = measure();
budget("public-product cold init (fresh process, all it loads)", cold.wall, 50, "ms");
note(`public-product cold init, CPU time: ${cold.cpu.toFixed(0)} ms (wall ${cold.wall.toFixed(0)} ms)`);
// Loading `@aws-sdk/client-dynamodb` alone takes ~170 ms on a quiet machine: a hot Lambda must not import it.
const sdkImports = [
  ...new Set(readFileSync(join(outDir, "public-product.mjs"), "utf8").match(/from\s*"@aws-sdk\/[^"]+"/g) ?? []),
];
note(`public-product imports from the runtime's AWS SDK: ${sdkImports.length ? sdkImports.join(", ") : "nothing"}`);

const ok = print("Lambda bundles (esbuild as SST builds them) and cold init");
process.exitCode = ok ? 0 : 1;
