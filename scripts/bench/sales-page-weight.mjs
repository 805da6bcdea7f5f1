// The buyer's sales page must stay light: it is the page every shopper lands on. Loads
// /product/{id} in Chromium against the local stack and sums the JavaScript and CSS it fetched
// (gzip, as CloudFront serves them), checks no dashboard, admin or chart code came with it and
// that the page reaches network idle (no request left hanging).
import { gzipSync } from "node:zlib";
import { startBenchStack, demoProductId, budget, print, launchChromium, needWebBuild } from "./lib.mjs";

needWebBuild();
const stack = await startBenchStack();
const browser = await launchChromium();
try {
  const id = await demoProductId();
  if (!id) throw new Error("No demo product was seeded: nothing to load.");
  const page = await browser.newPage();
  const files = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    files.push(
      res.body().then((body) => ({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body).length })),
    );
  });
  await page.goto(`${stack.url}/product/${id}`, { waitUntil: "load", timeout: 60_000 });
  await page
    .getByText(/Buy Now/)
    .first()
    .waitFor({ timeout: 60_000 });
  const idle = await page
    .waitForLoadState("networkidle", { timeout: 15_000 })
    .then(() => 0)
    .catch(() => 1);
  const loaded = await Promise.all(files);

  const gzip = loaded.reduce((s, f) => s + f.gzip, 0) / 1024;
  const raw = loaded.reduce((s, f) => s + f.raw, 0) / 1024;
  for (const f of loaded.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(7)} kB gzip  ${f.url}`);
  budget("sales page JS+CSS, gzip", gzip, 50, "kB");
  budget("sales page JS+CSS, raw", raw, 160, "kB");
  const heavy = loaded.filter((f) => /dashboard|admin|recharts|chart|PaymentSetup|AppShell/i.test(f.url));
  budget("dashboard/admin/chart chunks loaded", heavy.length, 0, "files");
  budget("sales page left a request hanging", idle, 0, "pages");

  const ok = print(`Sales page /product/{id}: ${loaded.length} files`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await stack.stop();
}
