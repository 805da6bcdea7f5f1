#!/usr/bin/env node
// `npm run bench`: runs every benchmark in this folder one after another (each starts its own
// local stack) and fails if any budget fails. Numbers, not tests: run it on a quiet machine.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".mjs") && !["index.mjs", "lib.mjs"].includes(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const failed = [];
for (const file of files) {
  console.log(`\n→ ${file}`);
  const out = spawnSync(process.execPath, ["--import", "tsx", join(here, file)], {
    stdio: "inherit",
    env: { ...process.env, NODE_NO_WARNINGS: "1" },
  });
  if (out.status !== 0) failed.push(file);
}
console.log(
  failed.length
    ? `\n✖ Over budget or failed: ${failed.join(", ")}`
    : `\n✓ All ${files.length} benchmarks within budget`,
);
process.exit(failed.length ? 1 : 0);
