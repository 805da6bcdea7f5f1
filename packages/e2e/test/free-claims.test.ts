import { beforeAll, describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { useBrowser, PHONE } from "../src/browser";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * A free product, from a seller who has not done Payment Setup (rule: Free claims): the sales
 * page offers "Get it free" with an e-mail field instead of a buy button; the buyer lands on the
 * success page with the access link and licence key, gets the receipt, and finds the product in
 * the customer portal; the seller sees the claim as a "Free" sale. On a phone, a
 * pay-what-you-want product with a minimum of 0 is claimed the same way.
 */
const b = useBrowser();
const BUYER = "fern.free@e2e.local";
let packId = "";
let tipId = "";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;

beforeAll(async () => {
  seller = await sellerWithProducts(b, { email: "fiona.free@e2e.local", name: "Fiona Free", payments: false }, [
    {
      name: "Starter Icon Pack",
      headline: "Forty icons for your next side project",
      price: "0",
      currency: "eur",
      license_keys: true,
      media_type: "none",
      media_url: "",
    },
    {
      name: "Zine",
      headline: "A zine, pay what you like",
      price: "0",
      currency: "jpy",
      pay_what_you_want: true,
      suggested_price: 500,
      media_type: "none",
      media_url: "",
    },
  ]);
  [packId, tipId] = seller.ids as [string, string];
});

describe("claiming a free product", () => {
  it("a visitor claims it with an e-mail address and gets it like a purchase", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${packId}`);
    await page.getByRole("heading", { name: "Forty icons for your next side project" }).waitFor();
    const card = page.getByRole("complementary", { name: "Purchase" });
    await card.getByText("Free", { exact: true }).waitFor();
    await card.getByText("No payment needed", { exact: true }).waitFor();
    // No payment provider involved: no setup notice, no buy button.
    expect(await page.getByText("Payment Setup In Progress").count()).toBe(0);
    expect(await page.getByRole("button", { name: /Buy Now|Purchase Temporarily Unavailable/ }).count()).toBe(0);
    await b.shot(page, "free-claim-sales-page");
    expect(await graveViolations(page)).toEqual([]);

    const email = card.getByRole("textbox", { name: "Your e-mail address" });
    await email.fill("not an address");
    await card.getByRole("button", { name: "Get it free" }).click();
    await card.getByRole("alert").getByText("Please enter a valid e-mail address, e.g. you@example.com.").waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await graveViolations(page)).toEqual([]);

    await email.fill(BUYER);
    await card.getByRole("button", { name: "Get it free" }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=claim_/);
    await page.getByRole("heading", { name: "It's yours!" }).waitFor({ timeout: 20_000 });
    await page.getByText("Free", { exact: true }).waitFor();
    const key = (await page.getByTestId("license-key").innerText()).trim();
    expect(key).toMatch(/\S{10,}/);
    const accessUrl = await page.getByRole("link", { name: "Access Your Content" }).getAttribute("href");
    expect(accessUrl).toMatch(/\/a\//);
    await b.shot(page, "free-claim-success");
    expect(await graveViolations(page)).toEqual([]);

    // The receipt, once, with the same link and key.
    const outbox = (await (await page.request.get("/__outbox.json")).json()) as { to: string; text: string }[];
    const receipts = outbox.filter((m) => m.to === BUYER);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(accessUrl!);
    expect(receipts[0]!.text).toContain(key);
    await page.goto("/__outbox");
    await b.shot(page, "free-claim-outbox");

    // Claiming again the same day shows the same purchase and sends no second e-mail.
    await page.goto(`/product/${packId}`);
    await page.getByRole("textbox", { name: "Your e-mail address" }).fill(BUYER);
    await page.getByRole("button", { name: "Get it free" }).click();
    await page.getByRole("heading", { name: "It's yours!" }).waitFor({ timeout: 20_000 });
    expect((await page.getByTestId("license-key").innerText()).trim()).toBe(key);
    const again = (await (await page.request.get("/__outbox.json")).json()) as { to: string }[];
    expect(again.filter((m) => m.to === BUYER)).toHaveLength(1);
    await context.close();

    // The buyer's portal lists it.
    const portal = await b.newPage();
    await signIn(portal.page, BUYER, "Fern Free");
    await portal.page.goto("/customer");
    await portal.page.getByText("Starter Icon Pack").first().waitFor();
    await b.shot(portal.page, "free-claim-portal");
    await portal.context.close();

    // The seller sees a sale of 0, "Free", with nothing to refund.
    await seller.page.goto("/dashboard?section=settings");
    await seller.page.getByRole("tab", { name: "Sales History" }).click();
    const row = seller.page.getByRole("table", { name: "Sales history" }).locator("tbody tr").first();
    await row.getByText(BUYER).waitFor();
    await row.getByText("Free", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: /Refund/ }).count()).toBe(0);
    await b.shot(seller.page, "free-claim-sales-history");

    // The product's card counts the claim, and its revenue is "Free", not "$0.00".
    await seller.page.goto("/dashboard");
    const productCard = seller.page.getByTestId("product-card").filter({ hasText: "Starter Icon Pack" });
    // The figures follow the claim through the stream: read the dashboard afresh until they have.
    await expect
      .poll(
        async () => {
          await seller.page.reload();
          return productCard.getByTestId("product-sales").innerText();
        },
        { timeout: 15_000 },
      )
      .toBe("1");
    expect(await productCard.getByTestId("product-revenue").innerText()).toBe("Free");
    expect(await productCard.getByText("Claims", { exact: true }).count()).toBe(1);
    await b.shot(seller.page, "free-claim-product-card");
  });

  it("on a phone, a pay-what-you-want product with a minimum of 0 is claimed from the sticky bar", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${tipId}`);
    await page.getByRole("heading", { name: "A zine, pay what you like" }).waitFor();
    await page.getByText("¥0+").first().waitFor();
    // The seller takes no payments, so there is nothing to pay: the bar leads to the claim form.
    await page.getByRole("link", { name: "Get it free" }).last().click();
    const email = page.getByRole("textbox", { name: "Your e-mail address" });
    await email.waitFor();
    expect(await email.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await email.fill("zed.zine@e2e.local");
    await b.shot(page, "free-claim-phone");
    expect(await graveViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Get it free" }).click();
    await page.getByRole("heading", { name: "It's yours!" }).waitFor({ timeout: 20_000 });
    await b.shot(page, "free-claim-success-phone");
    await context.close();
  });

  it("a seller who takes payments: 0 typed into pay what you want turns Buy into the claim form", async () => {
    const payer = await sellerWithProducts(b, { email: "pia.pays@e2e.local", name: "Pia Pays" }, [
      {
        name: "Tip Guide",
        headline: "Pay what you like, or nothing",
        price: "0",
        pay_what_you_want: true,
        suggested_price: 300,
        media_type: "none",
        media_url: "",
      },
      { name: "Cheat Sheet", headline: "One page, free", price: "0", media_type: "none", media_url: "" },
    ]);
    await payer.page.goto("/dashboard");
    // The card says Free twice: the price, and the revenue of a product that is claimed, not sold.
    const cheat = payer.page.getByTestId("product-card").filter({ hasText: "Cheat Sheet" });
    await cheat.getByTestId("product-revenue").getByText("Free", { exact: true }).waitFor();
    expect(await cheat.getByText("Free", { exact: true }).count()).toBe(2);
    expect(await cheat.getByText("Claims", { exact: true }).count()).toBe(1);
    await payer.context.close();
    const { page, context } = await b.newPage();
    await page.goto(`/product/${payer.ids[0]}`);
    const card = page.getByRole("complementary", { name: "Purchase" });
    await card.getByRole("button", { name: "Buy Now - $3.00" }).waitFor();
    expect(await card.getByRole("textbox", { name: "Your e-mail address" }).count()).toBe(0);
    await card.getByRole("spinbutton", { name: "Your price (USD)" }).fill("0");
    await card.getByRole("textbox", { name: "Your e-mail address" }).fill("tia.tip@e2e.local");
    expect(await card.getByRole("button", { name: /Buy Now/ }).count()).toBe(0);
    await b.shot(page, "free-claim-pay-what-you-want-zero");
    await card.getByRole("button", { name: "Get it free" }).click();
    await page.getByRole("heading", { name: "It's yours!" }).waitFor({ timeout: 20_000 });

    // A product free as it is has no price for a code to lower: no "Have a code?".
    await page.goto(`/product/${payer.ids[1]}`);
    await card.getByText("Free", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Get it free" }).waitFor();
    expect(await card.getByRole("button", { name: "Have a code?" }).count()).toBe(0);
    await context.close();
  });
});
