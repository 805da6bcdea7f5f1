import { describe, expect, it } from "vitest";
import { useBrowser, PHONE } from "../src/browser";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Automatic tax: a creator turns on "Automatic tax" in Settings → Payment Setup; a
 * buyer in Germany enters their billing address on the payments sandbox's page, sees the 19%
 * tax line before paying and pays price + tax; the success page shows the tax; the creator's
 * Sales History shows it in its own column beside the untaxed amount.
 */
const b = useBrowser();
const SELLER = { email: "tess.tax@e2e.local", name: "Tess Tax" };
const BUYER = "greta.buyer@e2e.local";
const PRODUCT = "VAT Survival Guide";

describe("automatic tax", () => {
  let productId = "";

  it("the creator switches on automatic tax in Payment Setup", async () => {
    const seller = await sellerWithProducts(b, SELLER, [{ name: PRODUCT, price: "20.00", description: "Tax, simply" }]);
    productId = seller.ids[0]!;
    const { page } = seller;
    await page.goto("/dashboard?section=settings");
    await page.getByRole("tab", { name: "Payment Setup" }).click();
    const toggle = page.getByRole("switch", { name: /Automatic tax \(Stripe checkouts only\)/ });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await page.getByText("activate Stripe Tax in your Stripe account").waitFor();
    await toggle.focus();
    await page.keyboard.press("Space");
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Save Integration" }).click();
    await page.getByText("Payment integration saved successfully!").waitFor({ timeout: 20_000 });
    await b.shot(page, "tax-setting-desktop");
    const saved = await page.request.get("/api/payment-integration");
    expect(((await saved.json()) as { automatic_tax: boolean }).automatic_tax).toBe(true);
    await seller.context.close();
  }, 150_000);

  it("a buyer enters a German address, sees the tax line, pays $23.80, and the success page shows the tax", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${productId}`);
    await page.getByRole("button", { name: "Buy Now - $20.00" }).first().click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.locator("#email").fill(BUYER);
    // Without an address the sandbox (like Stripe) will not take the payment.
    await page.getByRole("button", { name: "Pay" }).click();
    const country = page.getByLabel("Country or region");
    await country.waitFor();
    await country.selectOption("DE");
    await page.getByLabel("Address").fill("Unter den Linden 1");
    await page.getByLabel("City").fill("Berlin");
    await page.getByLabel("Postal code").fill("10117");
    await expect.poll(() => page.locator("#tax-amount").innerText()).toBe("$3.80");
    expect(await page.locator("#total-amount").innerText()).toBe("$23.80");
    await b.shot(page, "tax-sandbox-phone");
    await page.getByRole("button", { name: "Pay" }).click();

    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
    const facts = page.locator("dl").first();
    expect(await facts.getByText("$23.80").count()).toBe(1); // Amount Paid: price + tax
    await facts.getByText("Tax", { exact: true }).waitFor();
    await facts.getByText("$3.80").waitFor();
    await facts.getByText("$20.00").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "tax-success-phone");
    await context.close();
  }, 90_000);

  it("the creator's Sales History shows the tax apart from the amount", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, SELLER.email, SELLER.name);
    await page.goto("/dashboard?section=settings");
    await page.getByRole("tab", { name: "Sales History" }).click();
    const table = page.getByRole("table", { name: "Sales history" });
    await table.getByRole("columnheader", { name: "Tax" }).waitFor();
    const row = table.locator("tbody tr").filter({ hasText: PRODUCT }).first();
    await row.getByRole("cell", { name: "$20.00", exact: true }).waitFor();
    await row.getByRole("cell", { name: "$3.80", exact: true }).waitFor();
    // A refund gives back the whole charge, tax included.
    await row.getByRole("button", { name: `Refund $23.80 to ${BUYER} for ${PRODUCT}` }).waitFor();
    await b.shot(page, "tax-sales-history-desktop");
    await context.close();
  }, 90_000);
});
