import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Creator refunds: a buyer pays twice on the Stripe sandbox; the creator refunds one
 * sale from Sales History on a desktop and the other on a phone, through a confirmation dialog
 * that keeps focus inside and can be cancelled; each row then says "Refunded"; the buyer's
 * portal shows both purchases refunded with their content no longer available, and its
 * figures agree: no products, no purchases, each saying what it leaves out.
 */
const b = useBrowser();
const SELLER = { email: "rory.refunds@e2e.local", name: "Rory Refunds" };
const BUYER = "bram.buyer@e2e.local";
const PRODUCT = "Podcast Launch Checklist";

async function buy(productId: string) {
  const { page, context } = await b.newPage();
  await page.goto(`/product/${productId}`);
  await page.getByRole("button", { name: "Buy Now - $12.00" }).first().click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.locator("#email").fill(BUYER);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
  await context.close();
}

/** Which element has focus, described by its role-ish text, and whether it is inside the open dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { inside: !!el?.closest("dialog[open]"), text: (el as HTMLElement | null)?.innerText ?? "" };
  });

async function refundFirstSale(page: Page, phone: boolean) {
  await page.goto("/dashboard?section=settings");
  await page.getByRole("tab", { name: "Sales History" }).click();
  const rows = phone
    ? page.getByRole("list", { name: "Sales history" }).getByRole("listitem")
    : page.getByRole("table", { name: "Sales history" }).locator("tbody tr");
  await rows.first().waitFor();
  const completed = rows.filter({ hasText: "Completed" });
  const before = await completed.count();
  expect(before).toBeGreaterThan(0);
  const row = completed.first();
  const button = row.getByRole("button", { name: `Refund $12.00 to ${BUYER} for ${PRODUCT}` });

  // Cancel first: nothing happens, focus goes back to the Refund button.
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Refund this sale?" });
  await dialog.waitFor();
  await dialog.getByText(`${BUYER} gets $12.00 back for ${PRODUCT}`).waitFor();
  expect(await focusInDialog(page)).toEqual({ inside: true, text: "Refund $12.00" });
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    expect((await focusInDialog(page)).inside, "focus stays in the dialog").toBe(true);
  }
  await b.shot(page, `refund-confirm-${phone ? "phone" : "desktop"}`);
  // Where focus is at the moment the dialog leaves the page (not some time later): a keyboard
  // user who tabs on at once must continue from the Refund button, not from the top of the page.
  await page.evaluate(() => {
    const w = window as unknown as { focusAtClose?: string | null };
    const open = document.querySelector("dialog[open]");
    new MutationObserver((_, observer) => {
      if (open?.isConnected) return;
      w.focusAtClose = document.activeElement?.getAttribute("aria-label");
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  const focusAtClose = await page.evaluate(() => (window as unknown as { focusAtClose?: string }).focusAtClose);
  expect(focusAtClose).toBe(`Refund $12.00 to ${BUYER} for ${PRODUCT}`);
  expect(await completed.count()).toBe(before);

  await button.click();
  await dialog.getByRole("button", { name: "Refund $12.00" }).click();
  await page.getByText("Sale refunded. The buyer's access has been revoked.").waitFor({ timeout: 20_000 });
  await dialog.waitFor({ state: "detached" });
  await expect.poll(() => completed.count()).toBe(before - 1);
  expect(await rows.filter({ hasText: "Refunded" }).count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await b.shot(page, `refund-done-${phone ? "phone" : "desktop"}`);
}

describe("a creator refunds a sale", () => {
  let productId = "";

  it("the creator lists a $12.00 product and a buyer pays for it", async () => {
    const seller = await sellerWithProducts(b, SELLER, [{ name: PRODUCT, price: "12.00", description: "Go live" }]);
    productId = seller.ids[0]!;
    await seller.context.close();
    await buy(productId);
  }, 150_000);

  it("the buyer pays for it a second time", () => buy(productId), 90_000);

  it("the creator refunds one sale in Sales History on a desktop and the other on a phone", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, context } = await b.newPage(viewport ? { viewport } : {});
      await signIn(page, SELLER.email, SELLER.name);
      await page.waitForURL(/\/dashboard/);
      await refundFirstSale(page, !!viewport);
      await context.close();
    }
    const { page, context } = await b.newPage();
    await signIn(page, SELLER.email, SELLER.name);
    await page.waitForURL(/\/dashboard/);
    const stats = (await (await page.request.get("/api/dashboard/stats")).json()) as {
      stats: { totalSales: number; totalRevenue: number };
    };
    expect(stats.stats).toMatchObject({ totalSales: 0, totalRevenue: 0 });
    await context.close();
  }, 180_000);

  it("the buyer's portal shows both purchases refunded, their content no longer available", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, context } = await b.newPage(viewport ? { viewport } : {});
      await signIn(page, BUYER);
      await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
      const items = page.getByTestId("library-item").filter({ hasText: PRODUCT });
      await items.first().waitFor();
      expect(await items.count()).toBe(2);
      for (const item of await items.all()) {
        expect(await item.getByText("Refunded").isVisible()).toBe(true);
        expect(await item.getByText("No longer available").isVisible()).toBe(true);
        expect(await item.getByRole("button", { name: "Access Content" }).count()).toBe(0);
      }
      // My Products and Purchase History count the same purchases: the refunded ones in neither.
      expect(await page.getByTestId("total-products").textContent()).toBe("0");
      await page.getByText("2 refunded or disputed, no longer available").waitFor();
      await page.getByRole("tab", { name: "Purchase History" }).click();
      expect(await page.getByTestId("summary-purchases").textContent()).toBe("0");
      await page.getByText("2 refunded or disputed, not counted").waitFor();
      await b.shot(page, `refund-portal-history-${viewport ? "phone" : "desktop"}`);
      await page.getByRole("tab", { name: "My Products" }).click();
      await b.shot(page, `refund-portal-${viewport ? "phone" : "desktop"}`);
      await context.close();
    }
  }, 150_000);
});
