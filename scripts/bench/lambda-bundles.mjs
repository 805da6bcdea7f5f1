// Every Lambda SST builds (infra/lambda-build.mjs: each route, each subscriber, the issuer, the
// share preview, the webhook queue's consumer), bundled as SST bundles it, with its size, what
// fills the biggest and the hot ones (esbuild's metafile, biggest packages first) and the cold
// init of the five biggest and the hot ones: a fresh `node` process importing the bundle and
// everything it loads from outside it, median of 7.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { root, budget, print, note } from "./lib.mjs";
import { HOT_LAMBDAS, lambdaBuild, lambdaFunctions } from "../../infra/lambda-build.mjs";

/** The Lambdas every sales page view and every dashboard visit calls, with their own budget. */
const HOT = HOT_LAMBDAS;
const LIMIT_KB = { hot: 150, other: 500 };
const COLD_MS = { hot: 50, other: 150 };
const limitOf = (name, limits) => (HOT.includes(name) ? limits.hot : limits.other);

// In pnpm's hidden hoisting folder every installed package resolves, as it would beside a bundle
// that leaves some to the runtime.
const outDir = join(root, "node_modules/.pnpm/node_modules/.payloft-bench");
rmSync(outDir, { recursive: true, force: true });

const functions = await lambdaFunctions();
const result = await build({
  ...lambdaBuild,
  entryPoints: Object.fromEntries(functions.map((f) => [f.name, f.entry])),
  outdir: outDir,
  outExtension: { ".js": ".mjs" },
  absWorkingDir: root,
  metafile: true,
  write: false,
});
const bundles = functions.map(({ name }) => {
  const file = join(outDir, `${name}.mjs`);
  const output = result.outputFiles.find((o) => o.path === file);
  const meta = result.metafile.outputs[Object.keys(result.metafile.outputs).find((p) => join(root, p) === file)];
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, output.contents);
  return { name, file, kb: output.contents.length / 1024, meta };
});
const bySize = [...bundles].sort((a, b) => b.kb - a.kb);

const hot = HOT.map((name) => bundles.find((b) => b.name === name));
for (const b of [...hot, ...bySize.filter((x) => !HOT.includes(x.name))])
  budget(`${b.name} bundle`, b.kb, limitOf(b.name, LIMIT_KB), "KB");

const packageOf = (file) =>
  file.match(/node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
  file.split("/").slice(0, 3).join("/");
const biggest = bySize.slice(0, 5);
const measured = [...hot, ...biggest.filter((b) => !HOT.includes(b.name))];
for (const b of measured) {
  const byPackage = {};
  for (const [file, info] of Object.entries(b.meta.inputs))
    byPackage[packageOf(file)] = (byPackage[packageOf(file)] ?? 0) + info.bytesInOutput;
  const top = Object.entries(byPackage)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 8)
    .map(([p, bytes]) => `${p} ${(bytes / 1024).toFixed(0)} KB`);
  note(`${b.name} (${b.kb.toFixed(0)} KB): ${top.join(", ")}`);
}
const over = bundles.filter((b) => b.kb > limitOf(b.name, LIMIT_KB));
note(
  `${bundles.length} Lambdas; ${over.length} over budget${over.length ? `: ${over.map((b) => b.name).join(", ")}` : ""}`,
);
// What a bundle still takes from outside it must be Node's own (nothing is left to the runtime).
const outside = new Set(bundles.flatMap((b) => b.meta.imports.map((i) => i.path)));
const foreign = [...outside].filter((p) => !p.startsWith("node:") && !/^[a-z_]+$/.test(p));
note(`imported from outside the bundles: ${foreign.length ? foreign.join(", ") : "Node's own modules only"}`);

// Cold init: what a new Lambda instance runs before the first request (module load + top level).
const env = {
  ...process.env,
  NODE_NO_WARNINGS: "1",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  SST_RESOURCE_App: JSON.stringify({ name: "payloft", stage: "bench" }),
  ...Object.fromEntries(
    ["Table", "Bus", "Email", "Auth", "Files", "WebhookQueue"].map((r) => [
      `SST_RESOURCE_${r}`,
      JSON.stringify({ name: r, url: "http://x", sender: "bench@example.com" }),
    ]),
  ),
  ...Object.fromEntries(
    [
      "EncryptionKey",
      "StripeSecretKey",
      "StripeWebhookSecret",
      "GoogleClientId",
      "GoogleClientSecret",
      "AdminEmails",
      "UnlimitedEmails",
      "AuthStorageKey",
    ].map((r) => [`SST_RESOURCE_${r}`, JSON.stringify({ value: "bench" })]),
  ),
};
// Wall time is what a cold start costs; CPU time (user + system of the import) is printed too
// because on a busy machine it is inflated much less than wall time.
const timeImport = (file) =>
  `const t = performance.now(), c = process.cpuUsage(); await import(${JSON.stringify(file)});` +
  `const u = process.cpuUsage(c); console.log(performance.now() - t, (u.user + u.system) / 1000);`;
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const measure = (file) => {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < 7; i++) {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", timeImport(file)], {
      cwd: outDir,
      env,
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`cold init of ${file} failed: ${run.stderr}`);
    const [w, c] = run.stdout.trim().split(" ").map(Number);
    wall.push(w);
    cpu.push(c);
  }
  return { wall: median(wall), cpu: median(cpu) };
};
const colds = [];
for (const b of measured) {
  const cold = measure(b.file);
  budget(`${b.name} cold init (fresh process, all it loads)`, cold.wall, limitOf(b.name, COLD_MS), "ms");
  colds.push(`${b.name} ${cold.cpu.toFixed(0)} ms`);
}
note(`cold init, CPU time: ${colds.join(", ")}`);

const ok = print("Lambda bundles (every Lambda, as SST builds it) and cold init");
process.exitCode = ok ? 0 : 1;
