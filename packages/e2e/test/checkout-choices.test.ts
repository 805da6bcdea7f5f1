import { beforeAll, describe, expect, it } from "vitest";
import { useBrowser, PHONE } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { sellerWithProducts } from "../src/seller";

/**
 * What a buyer chooses on the sales page: a discount code from the product link (`?code=`) or
 * typed into "Have a code?", paid at the discounted amount (more in discount-codes.test.ts);
 * the amount of a pay-what-you-want product, on the Buy button as typed, refused below the
 * minimum with a sentence and Buy disabled, and lowered by a code. Desktop for the code, phone
 * for the chosen amount.
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

describe("a buyer's choices at checkout", () => {
  it("a code from the product link is applied and the buyer pays the discounted amount", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${guideId}?code=spring25`);
    await page.getByRole("heading", { name: "Sell with coupons" }).waitFor();
    const field = page.getByRole("textbox", { name: "Have a code?" });
    await page.getByText("SPRING25 applied: 25% off.").waitFor();
    expect(await field.inputValue()).toBe("SPRING25");
    await b.shot(page, "checkout-code-prefilled");
    await page.getByRole("button", { name: "Buy Now - $15.00" }).first().click();
    await payOnSandbox(page, "coupon.buyer@e2e.local", "$15.00");
    await b.shot(page, "checkout-code-paid");
    await context.close();
  });

  it("a buyer opens 'Have a code?' on a plain link", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${guideId}`);
    await page.getByRole("button", { name: "Have a code?" }).click();
    await page.getByRole("textbox", { name: "Have a code?" }).fill("spring25");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("SPRING25 applied: 25% off.").waitFor();
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

    // The button says what is typed; below the minimum the field says so and Buy is disabled.
    await amount.fill("3");
    await page.getByText("Please pay at least $5.00.").waitFor();
    expect(await amount.getAttribute("aria-invalid")).toBe("true");
    for (const button of await page.getByRole("button", { name: "Buy Now - $3.00" }).all())
      expect(await button.isDisabled()).toBe(true);
    await b.shot(page, "checkout-pay-what-you-want-below-phone");

    await amount.fill("7.50");
    const buy = page.getByRole("button", { name: "Buy Now - $7.50" }).first();
    await buy.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "checkout-pay-what-you-want-phone");
    expect(await buy.isDisabled()).toBe(false);
    await buy.click();
    await payOnSandbox(page, "tipper@e2e.local", "$7.50");
    await context.close();
  });

  it("a code lowers a pay-what-you-want minimum, and the buyer pays what they type above it", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${tipJarId}?code=SPRING25`);
    const card = page.getByRole("complementary", { name: "Purchase" });
    await card.getByText("SPRING25 applied: 25% off.").waitFor();
    // 25% off: minimum $5.00 -> $3.75, suggested $12.00 -> $9.00.
    expect((await card.getByTestId("price").innerText()).replace(/\s+/g, " ")).toBe("Was $5.00+ now $3.75+");
    const amount = card.getByRole("spinbutton", { name: "Your price (USD)" });
    expect(await amount.inputValue()).toBe("9.00");
    await card.getByText("$3.75 or more with SPRING25").waitFor();
    await amount.fill("3.50");
    await card.getByText("Please pay at least $3.75.").waitFor();
    await amount.fill("4");
    await b.shot(page, "checkout-pay-what-you-want-code");
    await card.getByRole("button", { name: "Buy Now - $4.00" }).click();
    await payOnSandbox(page, "coded.tipper@e2e.local", "$4.00");
    await context.close();
  });
});
