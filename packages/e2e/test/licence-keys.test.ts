import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Licence keys from the creator's side: a creator sells a product with keys; the buyer sees
 * theirs on the success page; the creator disables it in Sales History (desktop), through a
 * confirmation, and the key check answers valid:false; on a phone they enable it again and
 * the check answers valid:true.
 */
const b = useBrowser();
const SELLER = { email: "lena.licences@e2e.local", name: "Lena Licences" };
const BUYER = "kai.keys@e2e.local";
const PRODUCT = "Pixel Sorter Pro";
let productId = "";
let key = "";

const verify = async (page: Page) =>
  (await (
    await page.request.post("/api/licenses/verify", {
      data: { product_id: productId, license_key: key, increment_uses_count: false },
    })
  ).json()) as { valid: boolean; reason?: string };

async function toggleKey(page: Page, phone: boolean, verb: "Disable" | "Enable") {
  await page.goto("/dashboard?section=settings");
  await page.getByRole("tab", { name: "Sales History" }).click();
  const rows = phone
    ? page.getByRole("list", { name: "Sales history" }).getByRole("listitem")
    : page.getByRole("table", { name: "Sales history" }).locator("tbody tr");
  const row = rows.filter({ hasText: key });
  await row.waitFor();
  await row.getByRole("button", { name: `${verb} the licence key of ${BUYER} for ${PRODUCT}` }).click();
  const dialog = page.getByRole("dialog", { name: `${verb} this licence key?` });
  await dialog.waitFor();
  await b.shot(page, `licence-${verb.toLowerCase()}-confirm-${phone ? "phone" : "desktop"}`);
  await dialog.getByRole("button", { name: `${verb} key` }).click();
  await page.getByText(`Licence key ${verb.toLowerCase()}d.`).waitFor({ timeout: 20_000 });
  await dialog.waitFor({ state: "detached" });
  const other = verb === "Disable" ? "Enable" : "Disable";
  await row.getByRole("button", { name: `${other} the licence key of ${BUYER} for ${PRODUCT}` }).waitFor();
  expect(await row.getByText("(disabled)").count()).toBe(verb === "Disable" ? 1 : 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // Both of the row's buttons are in view, none pushed past the edge.
  for (const button of await row.getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  await b.shot(page, `licence-${verb.toLowerCase()}d-${phone ? "phone" : "desktop"}`);
}

describe("licence keys", () => {
  it("a creator sells a product with licence keys; the buyer sees the key on the success page", async () => {
    const seller = await sellerWithProducts(b, SELLER, [
      { name: PRODUCT, price: "19.00", description: "Sorts pixels", license_keys: true },
    ]);
    productId = seller.ids[0]!;
    await seller.context.close();

    const { page, context } = await b.newPage();
    await page.goto(`/product/${productId}`);
    await page.getByRole("button", { name: "Buy Now - $19.00" }).first().click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.locator("#email").fill(BUYER);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
    await page.getByText("Your licence key").waitFor();
    key = (await page.getByTestId("license-key").innerText()).trim();
    expect(key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    await b.shot(page, "licence-success");
    expect(await verify(page)).toEqual(expect.objectContaining({ valid: true }));
    await context.close();
  }, 150_000);

  it("the creator disables the key in Sales History and the check answers valid:false", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, SELLER.email, SELLER.name);
    await page.waitForURL(/\/dashboard/);
    await toggleKey(page, false, "Disable");
    expect(await verify(page)).toEqual({ valid: false, reason: "disabled" });
    await context.close();
  }, 120_000);

  it("the product dialog's licence switch links to the guide, which reads well on a desktop and a phone", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, SELLER.email, SELLER.name);
    await page.getByRole("heading", { name: "Your Products" }).waitFor();
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Product" });
    const how = dialog.getByRole("link", { name: "How to verify keys (opens in a new tab)" });
    await how.waitFor();
    expect(await how.getAttribute("href")).toBe("/docs/licence-keys");
    const [tab] = await Promise.all([context.waitForEvent("page"), how.click()]);
    await tab!.getByRole("heading", { name: "Checking a licence key from your own software" }).waitFor();
    // The dialog keeps what was being written: the guide opened beside it.
    expect(await dialog.isVisible()).toBe(true);
    await context.close();

    for (const viewport of [undefined, PHONE]) {
      const reader = await b.newPage(viewport ? { viewport } : {});
      await reader.page.goto("/docs/licence-keys");
      await reader.page.getByRole("heading", { name: "Checking a licence key from your own software" }).waitFor();
      // The examples carry this site's own address, ready to paste.
      const origin = new URL(reader.page.url()).origin;
      expect(await reader.page.getByText(`curl -s ${origin}/api/licenses/verify`).count()).toBe(1);
      expect(await reader.page.getByRole("table").getByRole("row").count()).toBe(7);
      expect(
        await reader.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await b.shot(reader.page, `licence-guide-${viewport ? "phone" : "desktop"}`);
      await reader.context.close();
    }
  }, 120_000);

  it("on a phone the creator enables it again and the check answers valid:true", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, SELLER.email, SELLER.name);
    await page.waitForURL(/\/dashboard/);
    await toggleKey(page, true, "Enable");
    expect(await verify(page)).toEqual(expect.objectContaining({ valid: true }));
    await context.close();
  }, 120_000);
});
