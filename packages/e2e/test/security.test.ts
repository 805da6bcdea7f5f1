import { describe, expect, it } from "vitest";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { shotsDir, useBrowser } from "../src/browser";
import { signIn } from "../src/sign-in";

/**
 * Security headers as a browser meets them: the pages' CSP lets the app and a creator's
 * embed work (the embed's own inline script runs in its sandboxed frame, yet cannot reach the
 * sales page), pages refuse to be framed except the overlay path, and answers are nosniff.
 */
const b = useBrowser();
const EMBED = `<p id="state">static</p>
<script>
  document.getElementById("state").textContent = "embed script ran";
  try { parent.document.title; document.body.dataset.parent = "reachable"; }
  catch (e) { document.body.dataset.parent = "blocked"; }
</script>`;

describe("security headers in the browser", () => {
  let productId = "";

  it("a sales page with an embed: the embed's script runs in its sandbox and cannot reach the page", async () => {
    const admin = await b.newPage();
    await signIn(admin.page, "admin@demo.local");
    const created = await admin.page.request.post("/api/products", {
      data: {
        name: "Embedded Widget Kit",
        price: "5",
        content_url: "https://files.example.com/widget.zip",
        media_type: "embed",
        media_url: EMBED,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    productId = (await created.json()).id;
    await admin.context.close();

    const { page, context } = await b.newPage();
    const response = await page.goto(`/product/${productId}`);
    const csp = response!.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response!.headers()["x-content-type-options"]).toBe("nosniff");

    await page.getByRole("heading", { name: "Embedded Widget Kit" }).first().waitFor();
    const frame = page.frameLocator('iframe[title="Embedded Widget Kit embedded content"]');
    await expect.poll(() => frame.locator("#state").textContent(), { timeout: 10_000 }).toBe("embed script ran");
    expect(await frame.locator("body").getAttribute("data-parent")).toBe("blocked");
    await b.shot(page, "security-embed");
    // The embed's own document paints in a separate renderer: a full-page shot can miss it.
    await page
      .locator('iframe[title="Embedded Widget Kit embedded content"]')
      .screenshot({ path: join(shotsDir, "security-embed-frame.png") });
    await context.close();
  });

  it("another site cannot frame a page; the overlay path may be framed", async () => {
    b.expectViolation(/^Framing '.*' violates .*frame-ancestors 'none'/);
    // Another site: its own origin, serving a page that frames whatever ?src= names.
    const other = createServer((req, res) => {
      const src = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "";
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><iframe src="${src}" width="400" height="300"></iframe>`);
    });
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    const otherSite = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const { page, context } = await b.newPage();
    try {
      const refused = page.waitForEvent("console", {
        predicate: (m) => /^Framing '.*' violates .*frame-ancestors 'none'/.test(m.text()),
        timeout: 15_000,
      });
      await page.goto(`${otherSite}/?src=${encodeURIComponent(`${b.baseUrl()}/product/${productId}`)}`);
      expect((await refused).text()).toContain(b.baseUrl());

      const overlay = await page.request.get(`${b.baseUrl()}/overlay/${productId}`);
      expect(overlay.headers()["content-security-policy"]).toContain("frame-ancestors *");
      await page.goto(`${otherSite}/?src=${encodeURIComponent(`${b.baseUrl()}/overlay/${productId}`)}`);
      // The app renders inside the other site's frame.
      await page.frameLocator("iframe").locator("#root *").first().waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
      other.close();
    }
  });
});
