import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "../src/browser";
import { sellerWithProducts } from "../src/seller";

/**
 * Currencies: a buyer sees a euro product's price in euros and pays it in
 * euros; the creator's dashboard shows the euro revenue as its own figure beside the dollars.
 */
const b = useBrowser();
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
let dollarId = "";
let euroId = "";

beforeAll(async () => {
  seller = await sellerWithProducts(b, { email: "elsa.euro@e2e.local", name: "Elsa Euro" }, [
    { name: "Dollar Kit", headline: "Priced in dollars", price: "20", media_type: "none", media_url: "" },
    {
      name: "Euro Kit",
      headline: "Priced in euros",
      price: "9.50",
      currency: "eur",
      media_type: "none",
      media_url: "",
    },
  ]);
  [dollarId, euroId] = seller.ids as [string, string];
});

async function buy(page: Page, productId: string, headline: string, price: string, email: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole("heading", { name: headline }).waitFor();
  await page
    .getByRole("button", { name: `Buy Now - ${price}` })
    .first()
    .click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByText(price).first().waitFor();
  await page.locator("#email").fill(email);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/checkout\/success\?session_id=/);
  await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
  await page.getByText(price).first().waitFor();
}

describe("a product priced in euros", () => {
  it("the buyer sees €9.50 on the sales page and pays €9.50", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${euroId}`);
    await page.getByRole("heading", { name: "Priced in euros" }).waitFor();
    expect(await page.getByText("€9.50", { exact: true }).first().isVisible()).toBe(true);
    await b.shot(page, "currency-sales-page-eur");
    await buy(page, euroId, "Priced in euros", "€9.50", "eva.buyer@e2e.local");
    await b.shot(page, "currency-success-eur");
    await buy(page, dollarId, "Priced in dollars", "$20.00", "dan.buyer@e2e.local");
    await context.close();
  });

  it("the creator's dashboard shows the euro revenue separately from the dollars", async () => {
    const { page } = seller;
    await page.goto("/dashboard");
    const revenue = page.getByTestId("stat-revenue");
    await revenue.waitFor();
    await revenue.getByText("€9.50", { exact: true }).waitFor();
    await expect(revenue.getByText("$20.00", { exact: true }).textContent()).resolves.toBe("$20.00");
    // Two figures, never one sum of dollars and euros.
    expect(await revenue.textContent()).not.toContain("29.50");
    await b.shot(page, "currency-dashboard");
    await seller.context.close();
  });
});
