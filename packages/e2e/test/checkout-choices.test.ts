import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";
import { sellerWithProducts } from "../src/seller";

/**
 * What a buyer chooses on the sales page: a discount code from the
 * product link (`?code=`) or typed into "Have a code?", paid at the discounted amount; the
 * amount of a pay-what-you-want product, refused below the minimum and paid as typed.
 * Desktop for the code, phone for the chosen amount.
 */
const b = useBrowser();
let guideId = "";
let tipJarId = "";

beforeAll(async () => {
  const seller = await sellerWithProducts(b, { email: "cody@e2e.local", name: "Cody Coupon" }, [
    { name: "Code Guide", headline: "Sell with coupons", price: "20", media_type: "none", media_url: "" },
    {
      name: "Tip Jar",
      headline: "Pay what it is worth to you",
      price: "5",
      pay_what_you_want: true,
      suggested_price: 1200,
      media_type: "none",
      media_url: "",
    },
  ]);
  [guideId, tipJarId] = seller.ids as [string, string];
  const code = await seller.page.request.post("/api/discounts", { data: { code: "SPRING25", percent_off: 25 } });
  expect(code.status(), await code.text()).toBe(201);
  await seller.context.close();
});

async function payOnSandbox(page: Page, email: string, amount: string) {
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByText(amount).first().waitFor();
  await page.locator("#email").fill(email);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/checkout\/success\?session_id=/);
  await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
  await page.getByText(amount).first().waitFor();
}

describe("a buyer's choices at checkout", () => {
  it("a code from the product link is pre-filled and the buyer pays the discounted amount", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${guideId}?code=spring25`);
    await page.getByRole("heading", { name: "Sell with coupons" }).waitFor();
    const field = page.getByRole("textbox", { name: "Have a code?" });
    expect(await field.inputValue()).toBe("spring25");
    await b.shot(page, "checkout-code-prefilled");

    // A wrong code is the clear refusal, in the spec's toast.
    await field.fill("NOPE");
    await page.getByRole("button", { name: "Buy Now - $20.00" }).first().click();
    await page.getByText("Purchase failed: The code NOPE doesn't exist.").waitFor();

    await field.fill("SPRING25");
    await page.getByRole("button", { name: "Buy Now - $20.00" }).first().click();
    await payOnSandbox(page, "coupon.buyer@e2e.local", "$15.00");
    await b.shot(page, "checkout-code-paid");
    await context.close();
  });

  it("a buyer opens 'Have a code?' on a plain link", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${guideId}`);
    await page.getByRole("button", { name: "Have a code?" }).click();
    await page.getByRole("textbox", { name: "Have a code?" }).fill("spring25");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "checkout-code-phone");
    await context.close();
  });

  it("a buyer on a phone pays a chosen amount, not below the minimum", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${tipJarId}`);
    await page.getByRole("heading", { name: "Pay what it is worth to you" }).waitFor();
    const amount = page.getByRole("spinbutton", { name: "Your price (USD)" });
    expect(await amount.inputValue()).toBe("12.00"); // the suggested price
    await page.getByText("$5.00 or more").waitFor();

    await amount.fill("3");
    await page.getByRole("button", { name: "Buy Now - $5.00" }).first().click();
    await page.getByText("Purchase failed: Please pay at least $5.00.").waitFor();

    await amount.fill("7.50");
    const buy = page.getByRole("button", { name: "Buy Now - $7.50" }).first();
    await buy.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "checkout-pay-what-you-want-phone");
    await buy.click();
    await payOnSandbox(page, "tipper@e2e.local", "$7.50");
    await context.close();
  });
});
