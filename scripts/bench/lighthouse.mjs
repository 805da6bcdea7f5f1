// Lighthouse (performance only, desktop preset) on the buyer's sales page and the landing page,
// served by the local stack from the production build. Desktop preset: the budget is about what
// our code makes the browser do; the mobile preset's simulated slow 4G measures the network model.
import { spawn } from "node:child_process";
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, startBenchStack, demoProductId, budget, print, note, needWebBuild, CHROMIUM_PATH } from "./lib.mjs";

needWebBuild();
const stack = await startBenchStack();
try {
  const id = await demoProductId();
  if (!id) throw new Error("No demo product was seeded: nothing to load.");
  const dir = mkdtempSync(join(tmpdir(), "payloft-lighthouse-"));
  for (const [name, path] of [
    ["sales page", `/product/${id}`],
    ["landing page", "/"],
  ]) {
    const out = join(dir, `${name.replace(" ", "-")}.json`);
    // Not spawnSync: the local stack serves the page from this process, so it must keep running.
    const status = await run(
      join(root, "node_modules/.bin/lighthouse"),
      [
        `${stack.url}${path}`,
        "--only-categories=performance",
        "--preset=desktop",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
        "--max-wait-for-load=30000",
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ["ignore", "ignore", "inherit"] },
    );
    if (status !== 0) throw new Error(`lighthouse exited ${status} on ${path}`);
    const report = JSON.parse(readFileSync(out, "utf8"));
    const score = Math.round(report.categories.performance.score * 100);
    const lcp = report.audits["largest-contentful-paint"].numericValue;
    // Budgets are "at most", so the score is checked as the points missing from 100.
    budget(`${name}: Lighthouse performance, points below 100`, 100 - score, 5, "pts");
    budget(`${name}: LCP`, lcp, 1500, "ms");
    note(
      `${name}: score ${score}, FCP ${Math.round(report.audits["first-contentful-paint"].numericValue)} ms, ` +
        `LCP ${Math.round(lcp)} ms, TBT ${Math.round(report.audits["total-blocking-time"].numericValue)} ms, ` +
        `CLS ${report.audits["cumulative-layout-shift"].numericValue.toFixed(3)} (Lighthouse ${report.lighthouseVersion}, desktop)`,
    );
  }
  const ok = print("Lighthouse on the local build (desktop preset)");
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
}

/** A child process's exit code, without blocking this process's event loop. */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    child.on("error", reject);
    child.on("exit", (code) => resolve(code));
  });
}
