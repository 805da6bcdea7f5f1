import { describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { purchaseCard } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * The member's journey on a PayPal seller: the buyer subscribes monthly, approves on the PayPal
 * sandbox's subscription page and reaches the content; PayPal's clock passes a period (two
 * charges, two sales); the buyer cancels in the portal, keeps access to the period's end, and
 * loses it after.
 */
const b = useBrowser();
const BUYER = "pia.paypal-member@e2e.local";
let productId = "";
let paypalUrl = "";
let accessLink = "";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;

const advance = async (days: number) => {
  const res = await fetch(`${paypalUrl}/__sandbox/clock/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seconds: days * 86_400 }),
  });
  expect(res.status).toBe(200);
};
const linkStatus = async () => {
  const res = await fetch(accessLink, { redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
};
const memberSales = async () => {
  const res = await seller.page.request.get("/api/sales-history");
  // The seller sells only this membership: every sale is the member's.
  const body = (await res.json()) as { sales: { amount: number }[] };
  return body.sales.map((s) => s.amount);
};

describe("a membership on a PayPal seller", () => {
  it("the buyer subscribes monthly and approves on PayPal's subscription page", async () => {
    seller = await sellerWithProducts(
      b,
      { email: "milo.paypal-members@e2e.local", name: "Milo PayPal", payments: false },
      [],
    );
    const saved = await seller.page.request.post("/api/payment-integration", {
      data: {
        provider: "paypal",
        is_live: false,
        is_active: true,
        paypal_client_id: "milo-members-app",
        paypal_client_secret: "milo-secret-1234",
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const made = await seller.page.request.post("/api/products", {
      data: {
        name: "PayPal Garden Club",
        headline: "Grow with us",
        content_url: "https://files.example.com/garden-club.pdf",
        billing: "recurring",
        tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: 9 }] }],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    productId = ((await made.json()) as { id: string }).id;

    const { page, context } = await b.newPage();
    await page.goto(`/product/${productId}`);
    const card = purchaseCard(page);
    await card.getByRole("button", { name: "Subscribe - $9 / month" }).click();
    await page.waitForURL(/\/webapps\/billing\/subscriptions\?ba_token=/);
    paypalUrl = new URL(page.url()).origin;
    await page.getByText("$9.00").first().waitFor();
    await page.locator("#email").fill(BUYER);
    await b.shot(page, "paypal-membership-approve-desktop");
    await page.getByRole("button", { name: "Agree & Subscribe" }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=ppm_/);
    const link = page.getByRole("link", { name: "Access Your Content" });
    await link.waitFor({ timeout: 20_000 });
    accessLink = (await link.getAttribute("href"))!;
    await b.shot(page, "paypal-membership-success-desktop");
    expect(await linkStatus()).toBe(302);
    await context.close();
  }, 120_000);

  it("PayPal's clock passes a period: two charges, two sales, access still works", async () => {
    await expect.poll(memberSales, { timeout: 15_000 }).toEqual([900]);
    await advance(32);
    await expect.poll(memberSales, { timeout: 20_000 }).toEqual([900, 900]);
    expect(await linkStatus()).toBe(302);
  });

  it("the buyer cancels in the portal, keeps access to the period's end, and loses it after", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, BUYER, "Pia Member");
    await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
    await page.getByRole("tab", { name: "Memberships" }).click();
    const item = page
      .getByRole("list", { name: "Your memberships" })
      .getByRole("listitem")
      .filter({ hasText: "PayPal Garden Club" });
    await item.getByText(/^Renews on .+ for \$9 \/ month$/).waitFor();
    await item.getByRole("button", { name: "Cancel membership" }).click();
    await page
      .getByRole("dialog", { name: "Cancel your membership of PayPal Garden Club?" })
      .getByRole("button", { name: "Cancel membership" })
      .click();
    await item.getByText(/^Access until .+; it will not renew$/).waitFor();
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "paypal-membership-portal-canceled-phone");
    expect(await linkStatus()).toBe(302);

    await advance(32);
    await expect.poll(linkStatus, { timeout: 20_000 }).toBe(410);
    await page.reload();
    await page.getByRole("tab", { name: "Memberships" }).click();
    await item.getByText("Ended", { exact: true }).waitFor();
    expect(await memberSales()).toEqual([900, 900]);
    await context.close();
  }, 120_000);
});
