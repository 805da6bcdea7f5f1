// The buyer's sales page must stay light: it is the page every shopper lands on. Loads
// /product/{id} in Chromium against the local stack, sums the JavaScript it fetched (raw and
// gzip, as CloudFront would serve it) and checks no dashboard or chart code came with it.
import { gzipSync } from "node:zlib";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { root, startBenchStack, demoProductId, budget, print, chromium } from "./lib.mjs";

if (!existsSync(join(root, "packages/web/dist/index.html"))) {
  console.error("✖ Build the web app first: npx pnpm@10.34.8 --filter @payloft/web build");
  process.exit(1);
}
const stack = await startBenchStack();
const browser = await chromium().launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const id = await demoProductId();
  if (!id) throw new Error("No demo product was seeded: nothing to load.");
  const page = await browser.newPage();
  const scripts = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() !== "script") return;
    scripts.push(
      res.body().then((body) => ({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body).length })),
    );
  });
  await page.goto(`${stack.url}/product/${id}`, { waitUntil: "load", timeout: 60_000 });
  // The price card is the last thing the page renders; lazy chunks it needs are in by then.
  await page
    .getByText(/Buy Now/)
    .first()
    .waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const loaded = await Promise.all(scripts);

  const raw = loaded.reduce((s, f) => s + f.raw, 0) / 1024;
  const gzip = loaded.reduce((s, f) => s + f.gzip, 0) / 1024;
  for (const f of loaded.sort((a, b) => b.raw - a.raw))
    console.log(`  ${(f.raw / 1024).toFixed(1).padStart(7)} kB  ${f.url}`);
  budget("sales page JS, gzip", gzip, 150, "kB");
  budget("sales page JS, raw", raw, 480, "kB");
  const heavy = loaded.filter((f) => /dashboard|admin|recharts|chart/i.test(f.url));
  budget("dashboard/admin/chart chunks loaded", heavy.length, 0, "files");

  const ok = print(`Sales page /product/{id}: ${loaded.length} scripts`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await stack.stop();
}
