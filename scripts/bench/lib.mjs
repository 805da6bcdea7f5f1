// Shared helpers for the benchmarks: a seeded in-memory local stack, percentiles and budgets.
// Run through `npm run bench` (scripts/bench/index.mjs), which loads TypeScript with tsx.
import { createRequire } from "node:module";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { digits } from "./page.mjs";

export const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
process.env.LOG_LEVEL ??= "SILENT";

/** The real offline product (DynamoDB Local in memory, demo data) on a free port. */
export async function startBenchStack() {
  const { startStack } = await import(join(root, "packages/local/src/stack.ts"));
  return startStack({ port: 0, dataDir: null, seed: true, quiet: true });
}

/** The demo creator's product (seeded by packages/local/src/seed/products.ts), if any. */
export async function demoProductId() {
  const { EmailEntity, ProductEntity } = await import(join(root, "packages/core/src/db/entities.ts"));
  const creatorId = (await EmailEntity.get({ email: "creator@demo.local" }).go()).data?.user_id;
  if (!creatorId) return undefined;
  const products = (await ProductEntity.query.byCreator({ creator_id: creatorId }).go()).data;
  return products[0]?.id;
}

/** The demo creator's storefront handle (seeded with the product). */
export async function demoStoreHandle() {
  const { DEMO_STORE_HANDLE } = await import(join(root, "packages/local/src/seed/products.ts"));
  return DEMO_STORE_HANDLE;
}

/** The page's first HTML answer, as a crawler or a browser without JavaScript gets it. */
export async function firstHtml(url) {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, text, bytes: Buffer.byteLength(text) };
}

/** Lighthouse's mobile emulation (a Moto G Power), for Playwright contexts. */
export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36",
};

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Times `n` sequential calls of `fn` (after a warm-up) and answers p50/p95/max in ms. */
export async function timeCalls(fn, { n = 200, warmup = 20 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { n, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1) };
}

const results = [];
/** Records one measured number against its budget; `print()` lists them with PASS/FAIL. */
export function budget(name, value, limit, unit) {
  results.push({ name, value, limit, unit, ok: value <= limit });
}

/** A figure that must reach at least `min` (throughput). */
export function floor(name, value, min, unit) {
  results.push({ name, value, limit: min, unit, atLeast: true, ok: value >= min });
}

/** Where each benchmark leaves its figures for index.mjs to write docs/performance.md. */
export const resultsDir = join(root, "node_modules/.cache/bench");

const notes = [];
/** A line of context printed under the figures and kept in docs/performance.md. */
export function note(text) {
  notes.push(text);
}

export function print(title) {
  mkdirSync(resultsDir, { recursive: true });
  const name = basename(process.argv[1] ?? "bench", ".mjs");
  writeFileSync(
    join(resultsDir, `${name}.json`),
    JSON.stringify(
      {
        title,
        results,
        notes,
        load: loadavg()[0],
        at: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
      },
      null,
      2,
    ),
  );
  console.log(`\n${title}`);
  const [load] = loadavg();
  const cores = availableParallelism();
  if (load > cores)
    console.log(`  ⚠ load average ${load.toFixed(1)} on ${cores} cores: the machine is busy, timings are inflated.`);
  for (const r of results) {
    const v = `${r.value.toFixed(digits(r.unit))} ${r.unit}`;
    console.log(
      `  ${r.ok ? "PASS" : "FAIL"}  ${r.name.padEnd(44)} ${v.padStart(12)}   budget ${r.atLeast ? "≥" : "≤"} ${r.limit} ${r.unit}`,
    );
  }
  for (const n of notes) console.log(`  · ${n}`);
  return results.every((r) => r.ok);
}

/** playwright-core lives in the e2e package (pnpm keeps it out of the root). */
export function chromium() {
  const require = createRequire(join(root, "packages/e2e/package.json"));
  return require("playwright-core").chromium;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchChromium() {
  return chromium().launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** The browser benchmarks measure the built web app (packages/web/dist). */
export function needWebBuild() {
  if (existsSync(join(root, "packages/web/dist/index.html"))) return;
  console.error("✖ Build the web app first: npx pnpm@10.34.8 --filter @payloft/web build");
  process.exit(1);
}
