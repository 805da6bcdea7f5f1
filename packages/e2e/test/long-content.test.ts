import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { DESKTOP, PHONE } from "../src/screens";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Screens with long content, from one purchase of a keyed product with a long name by a buyer
 * with a long address. The success page wraps the address (never cuts it off) at 1280 and 390
 * px and copies the licence key with a button that says so, to screen readers too. Tables keep
 * their actions in view at 1280 px: Sales History's Disable key and Refund and admin
 * Moderation's Review, even for a long product name and a long buyer
 * address (the row's actions column stays pinned at the right edge; long text wraps). Each
 * action must lie inside the viewport and inside the table's own scroller, uncovered. On a
 * phone, Sales History's list still offers both and the page never scrolls sideways.
 */
const b = useBrowser();
const SELLER = { email: "tala.tables@e2e.local", name: "Tala Tables" };
const PRODUCT = "The Complete Illustrated Field Guide to Launching and Selling Your First Digital Product";
const BUYER = "alexandra.montgomery-fitzgerald.purchasing@a-rather-long-company-name.example";
let productId = "";
let buyer: { page: Page; context: BrowserContext };

beforeAll(async () => {
  const seller = await sellerWithProducts(b, { ...SELLER, plan: "pro" }, [
    { name: PRODUCT, headline: "Every step from idea to first sale", price: "24.00", license_keys: true },
  ]);
  productId = seller.ids[0]!;
  await seller.context.close();
  buyer = await b.newPage({ viewport: DESKTOP });
  await buyer.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { page } = buyer;
  await page.goto(`/product/${productId}`);
  await page.getByRole("button", { name: "Buy Now - $24.00" }).first().click();
  await payOnSandbox(page, BUYER, "$24.00");
});
afterAll(async () => {
  await buyer?.context.close();
});

describe("the success page", () => {
  it("shows the whole buyer e-mail at both widths and copies the licence key, saying so", async () => {
    const { page } = buyer;
    const key = (await page.getByTestId("license-key").innerText()).trim();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      // Every line of every mention of the address is on screen: its box clips nothing, no line
      // runs past the page's edge.
      const mentions = await page.getByText(BUYER, { exact: true }).evaluateAll((els) =>
        els.map((el) => {
          const box = el.parentElement!;
          return {
            clipped: box.scrollWidth > box.clientWidth,
            inside: [...el.getClientRects()].every((r) => r.right <= window.innerWidth),
          };
        }),
      );
      expect(mentions).toEqual([
        { clipped: false, inside: true },
        { clipped: false, inside: true },
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await b.shot(page, `success-long-email-${viewport.width}`);
    }
    const copy = page.getByRole("button", { name: "Copy licence key" });
    await copy.click();
    await page.getByRole("status").filter({ hasText: "Licence key copied to the clipboard." }).waitFor();
    expect(await copy.innerText()).toContain("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await b.shot(page, "success-key-copied-390");
  });
});

/** Where a button is: inside the viewport and its table's scroller, and the topmost thing at its centre. */
async function inView(page: Page, name: string | RegExp) {
  const button = page.getByRole("table").getByRole("button", { name }).first();
  await button.waitFor();
  return button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const region = el.closest('[role="region"]')!.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      inViewport: r.left >= 0 && r.right <= window.innerWidth,
      inScroller: r.left >= region.left - 1 && r.right <= region.right + 1,
      uncovered: !!hit && (hit === el || el.contains(hit)),
    };
  });
}
const VISIBLE = { inViewport: true, inScroller: true, uncovered: true };

describe("tables keep their actions in view", () => {
  it("Sales History at 1280 px: Disable key and Refund of a long row", async () => {
    const { page, context } = await b.newPage({ viewport: DESKTOP });
    await signIn(page, SELLER.email, SELLER.name);
    await page.goto("/dashboard?section=settings&tab=sales");
    await page.getByRole("table", { name: "Sales history" }).getByText(BUYER).waitFor();
    expect(await inView(page, `Disable the licence key of ${BUYER} for ${PRODUCT}`)).toEqual(VISIBLE);
    expect(await inView(page, `Refund $24.00 to ${BUYER} for ${PRODUCT}`)).toEqual(VISIBLE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "tables-sales-history-1280");

    // A phone keeps its list of sales with both actions, and no sideways scrolling.
    await page.setViewportSize(PHONE);
    const list = page.getByRole("list", { name: "Sales history" });
    await list.getByRole("button", { name: `Refund $24.00 to ${BUYER} for ${PRODUCT}` }).waitFor();
    await list.getByRole("button", { name: `Disable the licence key of ${BUYER} for ${PRODUCT}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "tables-sales-history-390");
    await context.close();
  });

  it("admin Moderation at 1280 px: Review of a long row", async () => {
    const { page, context } = await b.newPage({ viewport: DESKTOP });
    await signIn(page, "admin@demo.local");
    await page.goto("/admin?section=moderation");
    await page.getByTestId(`moderation-row-${productId}`).waitFor();
    const review = page.getByTestId(`moderation-row-${productId}`).getByRole("button", { name: "Review" });
    expect(
      await review.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const region = el.closest('[role="region"]')!.getBoundingClientRect();
        return r.right <= window.innerWidth && r.right <= region.right + 1 && r.left >= region.left - 1;
      }),
    ).toBe(true);
    await b.shot(page, "tables-moderation-1280");
    await context.close();
  });
});
