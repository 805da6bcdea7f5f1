#!/usr/bin/env node
// `npm run bench`: runs every benchmark in this folder one after another (each starts its own
// local stack) and fails if any budget fails. Numbers, not tests: run it on a quiet machine.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, totalmem, availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderSection, writeFigures } from "./page.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benchmarks = () =>
  readdirSync(here)
    .filter((f) => f.endsWith(".mjs") && !["index.mjs", "lib.mjs", "page.mjs"].includes(f))
    .sort();
const files = benchmarks().filter((f) => only.length === 0 || only.some((o) => f.includes(o)));

const root = join(here, "../..");
const resultsDir = join(root, "node_modules/.cache/bench"); // lib.mjs writes each benchmark's figures here
const machine = `${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory, Node ${process.version}, ${process.platform} ${process.arch}`;
const stamp = () => new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC";

const failed = [];
const attempted = new Map(); // benchmark → when this run started it
for (const file of files) {
  console.log(`\n→ ${file}`);
  const name = file.replace(".mjs", "");
  // A figure left by an earlier run must not pass for this one's if this one stops early.
  rmSync(join(resultsDir, `${name}.json`), { force: true });
  attempted.set(name, stamp());
  const out = spawnSync(process.execPath, ["--import", "tsx", join(here, file)], {
    stdio: "inherit",
    // tsx compiles the web app's server-rendered pages too (tsconfig.runtime.json says why).
    env: { ...process.env, NODE_NO_WARNINGS: "1", TSX_TSCONFIG_PATH: join(here, "../../tsconfig.runtime.json") },
  });
  // A benchmark that ends without recording figures measured nothing: that is a failure, not a pass.
  if (out.status !== 0 || !existsSync(join(resultsDir, `${name}.json`))) failed.push(file);
}
writePerformancePage();
console.log(
  failed.length
    ? `\n✖ Over budget or failed: ${failed.join(", ")}`
    : `\n✓ All ${files.length} benchmarks within budget`,
);
process.exit(failed.length ? 1 : 0);

/** docs/performance.md: the sections this run measured; every other benchmark's stay as they were. */
function writePerformancePage() {
  const names = benchmarks().map((f) => f.replace(".mjs", ""));
  const fresh = new Map();
  const failedEarly = new Map();
  for (const file of files) {
    const name = file.replace(".mjs", "");
    const path = join(resultsDir, `${name}.json`);
    if (existsSync(path)) fresh.set(name, renderSection(JSON.parse(readFileSync(path, "utf8"))));
    else failedEarly.set(name, attempted.get(name));
  }
  const page = join(root, "docs/performance.md");
  const before = existsSync(page) ? readFileSync(page, "utf8") : "# Performance\n";
  writeFileSync(page, writeFigures(before, { names, fresh, failed: failedEarly, machine }));
  console.log(`\n→ figures written to docs/performance.md (${[...fresh.keys()].join(", ") || "none measured"})`);
}
