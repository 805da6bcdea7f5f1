import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { graveViolations } from "../src/axe";
import { useBrowser, PHONE } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { sellerWithProducts } from "../src/seller";

/**
 * Overlay checkout: a page on ANOTHER origin (a tiny host site served from a
 * second local port) loads /embed.js; its data-payloft-overlay link opens the product's
 * checkout in an iframe overlay instead of navigating; Escape and the close button close it and
 * focus returns to the link. Buy opens the payment page in a new tab (it cannot be framed), the
 * host page never navigates, and the overlay shows the purchase once it is paid, or says nothing
 * was charged when the tab is closed first. The creator's dashboard shows the snippet.
 */
const b = useBrowser();
let host: Server;
let hostUrl = "";
let productId = "";

beforeAll(async () => {
  const seller = await sellerWithProducts(b, { email: "olive@e2e.local", name: "Olive Overlay" }, [
    { name: "Overlay Kit", headline: "Sell from any website", price: "24", media_type: "none", media_url: "" },
  ]);
  productId = seller.ids[0]!;
  await seller.context.close();
  const base = b.baseUrl();
  host = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Olive's blog</title></head><body>
      <h1>Olive's blog</h1><p>My new kit is out.</p>
      <p><a id="buy" href="${base}/product/${productId}" data-payloft-overlay>Buy the Overlay Kit</a></p>
      <p><a id="plain" href="${base}/product/${productId}">Plain link</a></p>
      <script src="${base}/embed.js" defer></script></body></html>`);
  });
  await new Promise<void>((r) => host.listen(0, "127.0.0.1", () => r()));
  hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}/`;
  expect(new URL(hostUrl).origin).not.toBe(new URL(base).origin);
});

afterAll(() => new Promise<void>((r) => (host ? host.close(() => r()) : r())));

const overlay = (page: Page) => page.locator("[data-payloft-overlay-root]");
const frame = (page: Page) => page.frameLocator('iframe[title="Checkout"]');

/**
 * The overlay is server-rendered: its Buy button shows before React has taken the frame over,
 * and until then Escape does nothing and Buy is the plain form (a new tab, see the last test).
 * A journey acts once the frame is hydrated, as a buyer's second look would.
 */
async function openOverlay(page: Page) {
  await page.getByRole("link", { name: "Buy the Overlay Kit" }).click();
  await overlay(page).waitFor();
  await frame(page).getByRole("heading", { name: "Sell from any website" }).waitFor({ timeout: 20_000 });
  await frame(page).locator("html[data-hydrated]").waitFor({ timeout: 20_000 });
}

describe("overlay checkout on another site", () => {
  it("opens the product over the host page, closes on Escape and gives focus back to the link", async () => {
    const { page, context } = await b.newPage();
    await page.goto(hostUrl);
    await openOverlay(page);
    expect(page.url()).toBe(hostUrl); // the host page stayed
    const src = await page.locator('iframe[title="Checkout"]').getAttribute("src");
    expect(src).toBe(`${b.baseUrl()}/overlay/product/${productId}`);
    await frame(page).getByRole("button", { name: "Buy Now - $24.00" }).waitFor();
    await b.shot(page, "overlay-open-desktop");

    // Escape pressed inside the frame (where focus is once it loaded) closes it. The key goes
    // down in the frame, and the host removes the frame on that keydown: the key comes up only
    // once the frame is gone (a keyup sent while the host tears the frame down can wait forever
    // for an answer from it; CI saw this test hang to its timeout right after this point).
    await frame(page).getByRole("button", { name: "Buy Now - $24.00" }).focus();
    await page.keyboard.down("Escape");
    await overlay(page).waitFor({ state: "detached" });
    await page.keyboard.up("Escape");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("buy");

    // The close button and Escape on the host page close it too.
    await openOverlay(page);
    await page.getByRole("button", { name: "Close checkout" }).click();
    await overlay(page).waitFor({ state: "detached" });
    await openOverlay(page);
    await page.getByRole("button", { name: "Close checkout" }).focus();
    await page.keyboard.press("Escape");
    await overlay(page).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("buy");

    // A link without the attribute navigates as usual.
    await page.getByRole("link", { name: "Plain link" }).click();
    await page.waitForURL(`${b.baseUrl()}/product/${productId}`);
    await context.close();
  });

  it("Buy opens payment in a new tab; the host page stays and the overlay shows the purchase", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    const navigations: string[] = [];
    page.on("framenavigated", (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });
    await page.goto(hostUrl);
    await openOverlay(page);
    const box = (await page.locator('iframe[title="Checkout"]').boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 1); // full screen on a phone
    await b.shot(page, "overlay-open-phone");
    const opened = context.waitForEvent("page");
    await frame(page).getByRole("button", { name: "Buy Now - $24.00" }).click();
    const tab = await opened;
    await frame(page).getByRole("heading", { name: "Complete your payment in the new tab" }).waitFor();
    await b.shot(page, "overlay-waiting-phone");
    expect(await graveViolations(page)).toEqual([]);

    await payOnSandbox(tab, "overlay.buyer@e2e.local", "$24.00");
    await tab.getByText("It also shows on the page you bought from, so you can close this tab.").waitFor();

    await frame(page).getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
    await frame(page).getByText("$24.00 paid").waitFor();
    expect(await frame(page).getByRole("link", { name: "Access Your Content" }).getAttribute("href")).toMatch(/\/a\//);
    // The host page never navigated.
    expect(page.url()).toBe(hostUrl);
    expect(navigations).toEqual([hostUrl]);
    await b.shot(page, "overlay-paid-phone");
    expect(await graveViolations(page)).toEqual([]);
    await context.close();
  });

  it("closing the payment tab before paying says nothing was charged, and Buy works again", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`${hostUrl}`);
    await openOverlay(page);
    const opened = context.waitForEvent("page");
    await frame(page).getByRole("button", { name: "Buy Now - $24.00" }).click();
    const tab = await opened;
    await tab.waitForURL(/\/pay\/cs_test_/);
    await tab.close();
    await frame(page).getByRole("heading", { name: "The payment was not completed" }).waitFor({ timeout: 20_000 });
    const back = frame(page).getByRole("button", { name: "Back to checkout" });
    await back.waitFor();
    await b.shot(page, "overlay-closed-desktop");
    expect(await graveViolations(page)).toEqual([]);
    await back.click();
    await frame(page).getByRole("button", { name: "Buy Now - $24.00" }).waitFor();
    expect(page.url()).toBe(hostUrl);
    await context.close();
  });

  it("before JavaScript, the overlay's Buy opens the payment in a new tab and the overlay stays", async () => {
    const { page, context } = await b.newPage({ javaScriptEnabled: false });
    const url = `${b.baseUrl()}/overlay/product/${productId}`;
    await page.goto(url);
    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: "Buy Now - $24.00" }).click();
    const tab = await opened;
    await tab.waitForURL(/\/pay\/cs_test_/);
    expect(page.url()).toBe(url);
    await context.close();
  });

  it("embed.js is small and has no dependencies", async () => {
    const res = await fetch(`${b.baseUrl()}/embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    const body = Buffer.from(await res.arrayBuffer());
    const { gzipSync } = await import("node:zlib");
    expect(gzipSync(body).length).toBeLessThanOrEqual(5 * 1024);
    // Plain script: no module imports or loaders of other code.
    expect(body.toString()).not.toMatch(/^\s*import\s|\bimport\(|\brequire\(|createElement\("script"\)/m);
  });

  it("the creator's product card shows the snippet to copy", async () => {
    const { page, context } = await b.newPage();
    const { signIn } = await import("../src/sign-in");
    await signIn(page, "olive@e2e.local", "Olive Overlay");
    await page.waitForURL(/\/dashboard/);
    await page.getByRole("button", { name: "Embed Overlay Kit" }).click();
    const dialog = page.getByRole("dialog", { name: "Sell on your own site" });
    const code = await dialog.getByRole("textbox", { name: "Embed code" }).inputValue();
    expect(code).toBe(
      `<script src="${b.baseUrl()}/embed.js" defer></script>\n` +
        `<a href="${b.baseUrl()}/product/${productId}" data-payloft-overlay>Buy Overlay Kit</a>`,
    );
    await b.shot(page, "overlay-snippet-dialog");
    await context.close();
  });
});
