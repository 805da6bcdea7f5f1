import { beforeAll, describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { useBrowser, PHONE } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { codeField, purchaseCard as card } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";

/**
 * Discount codes that show their effect before Buy: a `?code=LAUNCH30` link shows the price
 * struck through beside the discounted one, in the product's own currency (USD, EUR, JPY), and
 * Buy charges exactly that; a wrong code leaves a sentence beside the field (no "Purchase failed")
 * and the full price buyable; a code that takes everything off turns Buy into the free claim.
 */
const b = useBrowser();
let guideId = "";
let euroId = "";
let yenId = "";

beforeAll(async () => {
  const seller = await sellerWithProducts(b, { email: "lara.launch@e2e.local", name: "Lara Launch" }, [
    { name: "Launch Guide", headline: "Launch without the guesswork", price: "20", media_type: "none", media_url: "" },
    {
      name: "Euro Workbook",
      headline: "A workbook for euro sellers",
      price: "9.50",
      currency: "eur",
      media_type: "none",
      media_url: "",
    },
    {
      name: "Yen Presets",
      headline: "Presets priced in yen",
      price: "999",
      currency: "jpy",
      media_type: "none",
      media_url: "",
    },
  ]);
  [guideId, euroId, yenId] = seller.ids as [string, string, string];
  for (const data of [
    { code: "LAUNCH30", percent_off: 30 },
    { code: "GIFT100", percent_off: 100, product_ids: [guideId] },
    { code: "TWOEURO", amount_off: 200, currency: "eur" },
  ]) {
    const res = await seller.page.request.post("/api/discounts", { data });
    expect(res.status(), await res.text()).toBe(201);
  }
  await seller.context.close();
});

describe("a discount code on the sales page", () => {
  it("?code=LAUNCH30 shows the discounted price before Buy, and Buy charges it", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${guideId}?code=launch30`);
    await page.getByRole("heading", { name: "Launch without the guesswork" }).waitFor();
    await card(page).getByText("LAUNCH30 applied: 30% off.").waitFor();
    const price = card(page).getByTestId("price");
    expect((await price.locator("s").innerText()).replace(/\s+/g, " ")).toBe("Was $20.00");
    expect((await price.innerText()).replace(/\s+/g, " ")).toBe("Was $20.00 now $14.00");
    expect(await codeField(page).inputValue()).toBe("LAUNCH30");
    const buy = card(page).getByRole("button", { name: "Buy Now - $14.00" });
    await buy.waitFor();
    await b.shot(page, "discount-link-applied");
    expect(await graveViolations(page)).toEqual([]);
    await buy.click();
    await payOnSandbox(page, "launch.buyer@e2e.local", "$14.00");
    await context.close();
  });

  it("a wrong code says why beside the field, and the full price is still buyable", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${guideId}`);
    await card(page).getByRole("button", { name: "Have a code?" }).click();
    await codeField(page).fill("nope");
    await card(page).getByRole("button", { name: "Apply" }).click();
    await card(page).getByText("The code NOPE doesn't exist.").waitFor();
    expect(await codeField(page).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(/Purchase failed/).count()).toBe(0);
    expect(await card(page).locator("s").count()).toBe(0);
    await b.shot(page, "discount-wrong-code");
    expect(await graveViolations(page)).toEqual([]);
    // Enter applies too; a good code after a wrong one.
    await codeField(page).fill("launch30");
    await codeField(page).press("Enter");
    await card(page).getByRole("button", { name: "Buy Now - $14.00" }).waitFor();
    // Removed again: back to the full price, which is what Buy charges.
    await card(page).getByRole("button", { name: "Remove" }).click();
    const full = card(page).getByRole("button", { name: "Buy Now - $20.00" });
    await full.click();
    await payOnSandbox(page, "full.price@e2e.local", "$20.00");
    await context.close();
  });

  it("shows euros and yen in the product's own currency, desktop and phone", async () => {
    for (const [tag, viewport] of [
      ["desktop", undefined],
      ["phone", PHONE],
    ] as const) {
      const { page, context } = await b.newPage(viewport ? { viewport } : {});
      await page.goto(`/product/${euroId}?code=TWOEURO`);
      await card(page).getByText("TWOEURO applied: €2.00 off.").waitFor();
      expect((await card(page).getByTestId("price").innerText()).replace(/\s+/g, " ")).toBe("Was €9.50 now €7.50");
      await card(page).getByRole("button", { name: "Buy Now - €7.50" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
      await b.shot(page, `discount-eur-${tag}`);

      // A euro amount off does not apply to a yen price: the sentence, and the full price.
      await page.goto(`/product/${yenId}?code=TWOEURO`);
      await card(page)
        .getByText("The code TWOEURO takes €2.00 off prices in EUR; this product is priced in JPY.")
        .waitFor();
      await card(page).getByRole("button", { name: "Buy Now - ¥999" }).waitFor();
      await codeField(page).fill("LAUNCH30");
      await card(page).getByRole("button", { name: "Apply" }).click();
      await card(page).getByRole("button", { name: "Buy Now - ¥699" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
      await b.shot(page, `discount-jpy-${tag}`);
      await context.close();
    }
  });

  it("a code that takes everything off turns Buy into the free claim", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${guideId}?code=GIFT100`);
    await card(page).getByText("GIFT100 applied: 100% off.").waitFor();
    expect((await card(page).getByTestId("price").innerText()).replace(/\s+/g, " ")).toBe("Was $20.00 now Free");
    expect(
      await card(page)
        .getByRole("button", { name: /Buy Now/ })
        .count(),
    ).toBe(0);
    await card(page).getByRole("textbox", { name: "Your e-mail address" }).fill("gift.buyer@e2e.local");
    await b.shot(page, "discount-free-claim-phone");
    await card(page).getByRole("button", { name: "Get it free" }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=claim_/);
    await page.getByRole("heading", { name: "It's yours!" }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
