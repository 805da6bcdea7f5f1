import { beforeAll, describe, expect, it } from "vitest";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { purchaseCard } from "../src/sales-page";
import { connectPayPal, sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * A PayPal member whose payments fail fixes how they pay: in the portal the past_due membership
 * offers "Update payment method" as a Stripe one does; it opens PayPal's page of that automatic
 * payment (the PayPal sandbox's), where a good source pays what is past due; back in the portal
 * the membership is active. At 1280 and 390 px, one member each.
 */
const b = useBrowser();
let productId = "";
let paypalUrl = "";
const MEMBERS = [
  { width: "desktop", viewport: undefined, email: "decline.dora@e2e.local", name: "Dora Funding" },
  { width: "phone", viewport: PHONE, email: "decline.pete@e2e.local", name: "Pete Funding" },
] as const;

beforeAll(async () => {
  const seller = await sellerWithProducts(
    b,
    { email: "fern.paypal-funding@e2e.local", name: "Fern Funding", payments: false },
    [],
  );
  await connectPayPal(seller.page, "fern-funding-app");
  const made = await seller.page.request.post("/api/products", {
    data: {
      name: "Funding Club",
      headline: "A club paid with PayPal",
      content_url: "https://files.example.com/funding-club.pdf",
      billing: "recurring",
      trial_days: 7,
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: 9 }] }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  productId = ((await made.json()) as { id: string }).id;
  await seller.context.close();
});

describe("a PayPal member updates the payment method", () => {
  it("two members whose PayPal payments fail start a trial, which ends past due", async () => {
    for (const member of MEMBERS) {
      const { page, context } = await b.newPage();
      await page.goto(`/product/${productId}`);
      await purchaseCard(page).getByRole("button", { name: "Start 7-day free trial" }).click();
      await page.waitForURL(/\/webapps\/billing\/subscriptions\?ba_token=/);
      paypalUrl = new URL(page.url()).origin;
      await page.locator("#email").fill(member.email);
      await page.getByRole("button", { name: "Agree & Subscribe" }).click();
      await page.getByRole("heading", { name: "Your free trial has started!" }).waitFor({ timeout: 20_000 });
      await context.close();
    }
    await advanceSandboxClock(paypalUrl, 8 * 86_400);
  }, 120_000);

  for (const member of MEMBERS) {
    it(`past due → Update payment method → PayPal's page → a good source → active (${member.width})`, async () => {
      const { page, context } = await b.newPage({ viewport: member.viewport });
      await signIn(page, member.email, member.name);
      await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
      await page.getByRole("tab", { name: "Memberships" }).click();
      const item = page
        .getByRole("list", { name: "Your memberships" })
        .getByRole("listitem")
        .filter({ hasText: "Funding Club" });
      // The failed payment reaches the portal through PayPal's signed events.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole("tab", { name: "Memberships" }).click();
            return item.getByText("Payment failed", { exact: true }).isVisible();
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      // Not "the card": a PayPal member pays with whatever their PayPal account funds it with.
      await item
        .getByText("The last payment failed; it will be tried again. Update the payment method to pay it now.")
        .waitFor();
      expect(await graveViolations(page), "axe").toEqual([]);
      await b.shot(page, `paypal-member-past-due-${member.width}`);

      await item.getByRole("button", { name: "Update payment method" }).click();
      await page.waitForURL(/\/myaccount\/autopay\/connect\/I-/);
      await page.getByText("Past due").waitFor();
      await page.getByRole("radio", { name: /Visa •••• 0002/ }).check();
      await page.locator("#email").fill(member.email);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("alert").getByText("This card was declined. Choose another way to pay.").waitFor();
      await page.getByRole("radio", { name: "Bank account •••• 4321" }).check();
      await page.locator("#email").fill(member.email);
      await b.shot(page, `paypal-member-autopay-${member.width}`);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Payment method saved, and the past-due payment is paid.").waitFor();
      expect(await graveViolations(page), "axe (sandbox page)").toEqual([]);

      // PayPal's page has no way back to the merchant: the member goes back to the portal.
      await page.goto("/customer-dashboard?tab=memberships");
      await expect
        .poll(
          async () => {
            await page.reload();
            await item.getByText(/^Funding Club/).waitFor();
            return item.getByText("Active", { exact: true }).isVisible();
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await item.getByText(/^Renews on .+ for \$9 \/ month$/).waitFor();
      await b.shot(page, `paypal-member-active-${member.width}`);
      await context.close();
    }, 120_000);
  }
});
