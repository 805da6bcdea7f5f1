import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Page } from "playwright-core";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { purchaseCard } from "../src/sales-page";
import { createProducts, sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * One payment, several purchases (rules: Order bumps; Carts). A bump checked under Buy gives two
 * purchases from one payment, and a refund of the payment from the provider's dashboard reverses
 * both. A cart of three items from the store gives one payment and three purchases, and refunding
 * one of them in Sales History reverses only that one, and the cart's checkout carries the visit
 * the buyer came in with (traffic analytics). On a desktop in dollars and a phone in euros.
 */
const b = useBrowser();

/** The success page's items of the order, each with its own access link (or its refund). */
const orderItems = (page: Page) => page.getByTestId("order-item");

/** A product's "Add to cart" button: its name reads "Add to cart", then the product. */
const addToCart = (name: string) => new RegExp(`^Add to cart\\W+${name}$`);

/** The payment's Stripe Checkout Session, from the sandbox's payment page address. */
const sessionOf = (page: Page) => new URL(page.url()).pathname.split("/").pop()!;

/** Reloads the success page until `n` of its items say they were refunded. */
async function refundedOnSuccessPage(page: Page, n: number) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await orderItems(page).first().waitFor();
        return page.getByText("Refunded: no longer available").count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(n);
}

describe("an order bump: two purchases from one payment", () => {
  it("checked at checkout on a desktop in dollars; a dashboard refund of the payment reverses both", async () => {
    const seller = await sellerWithProducts(b, { email: "otto.bump@e2e.local", name: "Otto Bump" }, [
      { name: "Launch Workbook", price: "9", headline: "Plan the launch" },
    ]);
    const [guideId] = await createProducts(seller.page, [
      {
        name: "Launch Guide",
        headline: "Ship it",
        price: "29",
        order_bump: { product_id: seller.ids[0], price: 500 },
      },
    ]);
    await seller.context.close();

    const { page, context } = await b.newPage();
    await page.goto(`/product/${guideId}`);
    await page.waitForSelector("html[data-hydrated]");
    const bump = purchaseCard(page).getByRole("checkbox", { name: /Add Launch Workbook for \$5\.00/ });
    await bump.check();
    await purchaseCard(page).getByRole("button", { name: "Buy Now - $34.00" }).waitFor();
    expect(await graveViolations(page)).toEqual([]);
    await b.shot(page, "order-bump-sales-page-desktop");
    await purchaseCard(page).getByRole("button", { name: "Buy Now - $34.00" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    const session = sessionOf(page);
    await payOnSandbox(page, "bo.bump@e2e.local", "$34.00");
    await page.getByRole("heading", { name: "Your order (2 items)" }).waitFor();
    expect(await orderItems(page).allInnerTexts()).toEqual([
      expect.stringContaining("Launch Guide"),
      expect.stringContaining("Launch Workbook"),
    ]);
    const links = await page
      .getByRole("link", { name: /^Access / })
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(2);
    expect(await graveViolations(page)).toEqual([]);
    await b.shot(page, "order-bump-success-desktop");

    // The seller refunds the whole payment from the provider's dashboard: both purchases reversed.
    const dashboard = await context.newPage();
    await dashboard.goto(`${inject("stripeUrl")}/events`);
    await dashboard
      .locator("tr", { has: dashboard.locator(`[title="${session}"]`) })
      .filter({ hasText: "checkout.session.completed" })
      .getByRole("button", { name: "Refund" })
      .click();
    await refundedOnSuccessPage(page, 2);
    expect(await page.getByRole("link", { name: /^Access / }).count()).toBe(0);
    await context.close();
  }, 180_000);
});

describe("a cart: one payment, three purchases", () => {
  const SELLER = { email: "cleo.cart@e2e.local", name: "Cleo Cart" };
  const ITEMS = ["Euro Icons", "Euro Fonts", "Euro Mockups"];
  const BUYER = "pim.phone@e2e.local";

  it("three items from the store on a phone in euros; one refunded in Sales History reverses only it", async () => {
    const seller = await sellerWithProducts(b, SELLER, [
      { name: ITEMS[0], price: "9.50", currency: "eur" },
      { name: ITEMS[1], price: "12", currency: "eur" },
      { name: ITEMS[2], price: "18.50", currency: "eur" },
    ]);
    const store = await seller.page.request.put("/api/store", { data: { handle: "cleo-cart", bio: "Kits in euros" } });
    expect(store.ok(), await store.text()).toBe(true);
    await seller.context.close();

    const { page, context } = await b.newPage({ viewport: PHONE });
    // The buyer comes in from a tagged link: the cart's sales are credited to it in Traffic.
    await page.goto("/s/cleo-cart?utm_source=instagram&utm_campaign=euro-kits");
    await page.waitForSelector("html[data-hydrated]");
    for (const name of ITEMS) await page.getByRole("button", { name: addToCart(name) }).click();
    const cartButton = page.getByRole("button", { name: "Cart, 3 items" });
    await cartButton.click();
    const cart = page.getByRole("dialog", { name: "Your cart (3 items)" });
    await cart.waitFor();
    expect(await cart.getByTestId("cart-total").innerText()).toBe("€40.00");
    expect(await graveViolations(page)).toEqual([]);
    await b.shot(page, "cart-drawer-phone");
    // Remove and add back: the cart is kept in this browser across pages.
    await cart.getByRole("button", { name: `Remove ${ITEMS[2]} from your cart` }).click();
    await cart.page().getByRole("dialog", { name: "Your cart (2 items)" }).waitFor();
    await page.keyboard.press("Escape");
    await page.goto("/s/cleo-cart");
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("button", { name: addToCart(ITEMS[2]!) }).click();
    await page.getByRole("button", { name: "Cart, 3 items" }).click();
    const started = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith("/api/checkout/create-session"),
    );
    await page.getByRole("dialog", { name: "Your cart (3 items)" }).getByRole("button", { name: "Checkout" }).click();
    // The visit is the one the cart's first item was added from, though this page has no tags.
    expect((await started).postDataJSON().visit).toMatchObject({ utm_source: "instagram", utm_campaign: "euro-kits" });
    await payOnSandbox(page, BUYER, "€40.00");
    await page.getByRole("heading", { name: "Your order (3 items)" }).waitFor();
    expect(await orderItems(page).allInnerTexts()).toEqual(ITEMS.map((n) => expect.stringContaining(n)));
    expect(await page.getByRole("link", { name: /^Access / }).count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await graveViolations(page)).toEqual([]);
    await b.shot(page, "cart-success-phone");
    // Paid: the cart is empty again (an empty cart shows no cart button).
    await page.goto("/s/cleo-cart");
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("button", { name: addToCart(ITEMS[0]!) }).waitFor();
    expect(await page.getByTestId("cart-button").count()).toBe(0);
    await page.goBack();

    // The seller refunds one item of the order in Sales History.
    const s = await b.newPage();
    await signIn(s.page, SELLER.email, SELLER.name);
    await s.page.waitForURL(/\/dashboard/);
    await s.page.goto("/dashboard?section=settings");
    await s.page.getByRole("tab", { name: "Sales History" }).click();
    const rows = s.page.getByRole("table", { name: "Sales history" }).locator("tbody tr");
    await expect.poll(() => rows.filter({ hasText: "Completed" }).count()).toBe(3);
    await s.page.getByRole("button", { name: `Refund €12.00 to ${BUYER} for ${ITEMS[1]}` }).click();
    const dialog = s.page.getByRole("dialog", { name: "Refund this sale?" });
    await dialog.getByRole("button", { name: "Refund €12.00" }).click();
    await s.page.getByText("Sale refunded. The buyer's access has been revoked.").waitFor({ timeout: 20_000 });
    await expect.poll(() => rows.filter({ hasText: "Completed" }).count()).toBe(2);
    expect(await rows.filter({ hasText: "Refunded" }).allInnerTexts()).toEqual([expect.stringContaining(ITEMS[1]!)]);
    await s.context.close();

    await refundedOnSuccessPage(page, 1);
    expect(await orderItems(page).filter({ hasText: "Refunded" }).innerText()).toContain(ITEMS[1]);
    expect(await page.getByRole("link", { name: /^Access / }).count()).toBe(2);
    await context.close();
  }, 240_000);
});
