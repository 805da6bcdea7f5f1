#!/usr/bin/env node
// `npm run bench`: runs every benchmark in this folder one after another (each starts its own
// local stack) and fails if any budget fails. Numbers, not tests: run it on a quiet machine.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, totalmem, availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".mjs") && !["index.mjs", "lib.mjs"].includes(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const root = join(here, "../..");
const resultsDir = join(root, "node_modules/.cache/bench"); // lib.mjs writes each benchmark's figures here
const machine = `${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory, Node ${process.version}, ${process.platform} ${process.arch}; load average ${loadavg()[0].toFixed(1)} at the start`;
const started = new Date();

const failed = [];
for (const file of files) {
  console.log(`\n→ ${file}`);
  const out = spawnSync(process.execPath, ["--import", "tsx", join(here, file)], {
    stdio: "inherit",
    env: { ...process.env, NODE_NO_WARNINGS: "1" },
  });
  if (out.status !== 0) failed.push(file);
}
writePerformancePage();
console.log(
  failed.length
    ? `\n✖ Over budget or failed: ${failed.join(", ")}`
    : `\n✓ All ${files.length} benchmarks within budget`,
);
process.exit(failed.length ? 1 : 0);

/** docs/performance.md: the figures of this run (every benchmark that ran), with the machine. */
function writePerformancePage() {
  // Every benchmark's latest figures (a partial run, `npm run bench -- lambda`, keeps the others').
  const all = readdirSync(here).filter((f) => f.endsWith(".mjs") && !["index.mjs", "lib.mjs"].includes(f));
  const sections = all.sort().map((file) => {
    const name = file.replace(".mjs", "");
    const path = join(resultsDir, `${name}.json`);
    if (!existsSync(path))
      return files.includes(file)
        ? `### ${name}\n\nNo figures: the benchmark failed before measuring (see its output).\n`
        : `### ${name}\n\nNot measured yet on this machine: \`npm run bench -- ${name}\`.\n`;
    const r = JSON.parse(readFileSync(path, "utf8"));
    const rows = r.results.map(
      (x) =>
        `| ${x.name} | ${x.value.toFixed(x.unit === "ms" || x.unit === "kB" || x.unit === "KB" ? 1 : 0)} ${x.unit} | ${x.atLeast ? "≥" : "≤"} ${x.limit} ${x.unit} | ${x.ok ? "pass" : "**FAIL**"} |`,
    );
    return [
      `### ${r.title}`,
      "",
      `Measured ${r.at ?? "?"}, load average ${r.load.toFixed(1)}.`,
      "",
      "| measure | value | budget | |",
      "|---|---|---|---|",
      ...rows,
      "",
      ...r.notes.map((n) => `- ${n}`),
      "",
    ].join("\n");
  });
  const figures = `<!-- figures: written by npm run bench -->\nLast run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}; free memory ${(freemem() / 2 ** 30).toFixed(0)} GiB at the end.\n\n${sections.join("\n")}<!-- /figures -->`;
  const page = join(root, "docs/performance.md");
  const before = existsSync(page)
    ? readFileSync(page, "utf8")
    : "# Performance\n\n<!-- figures: written by npm run bench --><!-- /figures -->\n";
  writeFileSync(page, before.replace(/<!-- figures: written by npm run bench -->[\s\S]*<!-- \/figures -->/, figures));
  console.log(`\n→ figures written to docs/performance.md`);
}
