import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { purchaseCard } from "../src/sales-page";
import { connectPayPal, sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * A PayPal member changes plan in the portal: "Change plan" lists the product's plans like a
 * Stripe member's, says the change is approved on PayPal and starts at the next renewal (PayPal
 * does not prorate), and sends the member to PayPal's page for the revision. Going back keeps the
 * plan; "Agree & Change" brings them back to Memberships on the new plan. At 1280 and 390 px.
 */
const b = useBrowser();
let productId = "";
const MEMBERS = [
  { width: "desktop", viewport: undefined, email: "rita.revise@e2e.local", name: "Rita Revise" },
  { width: "phone", viewport: PHONE, email: "rob.revise@e2e.local", name: "Rob Revise" },
] as const;

beforeAll(async () => {
  const seller = await sellerWithProducts(
    b,
    { email: "vera.paypal-plans@e2e.local", name: "Vera Plans", payments: false },
    [],
  );
  await connectPayPal(seller.page, "vera-plans-app");
  const made = await seller.page.request.post("/api/products", {
    data: {
      name: "Revise Club",
      headline: "A club paid with PayPal",
      content_url: "https://files.example.com/revise-club.pdf",
      billing: "recurring",
      tiers: [
        {
          id: "basic",
          name: "Basic",
          prices: [
            { interval: "month", amount: 9 },
            { interval: "year", amount: 90 },
          ],
        },
        { id: "pro", name: "Pro", prices: [{ interval: "month", amount: 19 }] },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  productId = ((await made.json()) as { id: string }).id;
  await seller.context.close();
});

/** The member's row on the portal's Memberships tab. */
const membershipRow = (page: Page) =>
  page.getByRole("list", { name: "Your memberships" }).getByRole("listitem").filter({ hasText: "Revise Club" });

async function openChangePlan(page: Page) {
  await membershipRow(page).getByRole("button", { name: "Change plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Change your plan of Revise Club" });
  await expect.poll(() => dialog.getByRole("radio").count()).toBe(3);
  return dialog;
}

describe("a PayPal member changes plan", () => {
  it("two members subscribe monthly on PayPal", async () => {
    for (const member of MEMBERS) {
      const { page, context } = await b.newPage();
      await page.goto(`/product/${productId}`);
      await purchaseCard(page).getByRole("button", { name: "Subscribe - $9 / month" }).click();
      await page.waitForURL(/\/webapps\/billing\/subscriptions\?ba_token=/);
      await page.locator("#email").fill(member.email);
      await page.getByRole("button", { name: "Agree & Subscribe" }).click();
      await page.getByRole("link", { name: "Access Your Content" }).waitFor({ timeout: 20_000 });
      await context.close();
    }
  }, 120_000);

  for (const [member, to, shown] of [
    [MEMBERS[0], /^Basic.*\$90 \/ year/, /^Renews on .+ for \$90 \/ year$/],
    [MEMBERS[1], /^Pro.*\$19 \/ month/, /^Renews on .+ for \$19 \/ month$/],
  ] as const) {
    it(`Change plan → PayPal's approval → back on the new plan (${member.width})`, async () => {
      const { page, context } = await b.newPage({ viewport: member.viewport });
      await signIn(page, member.email, member.name);
      await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
      await page.getByRole("tab", { name: "Memberships" }).click();
      const row = membershipRow(page);
      await row.getByText(/^Renews on .+ for \$9 \/ month$/).waitFor({ timeout: 20_000 });

      let dialog = await openChangePlan(page);
      await dialog
        .getByText(
          /^You approve the change on PayPal\. This period stays as paid; from your next renewal on .+ you pay the new price\.$/,
        )
        .waitFor();
      await dialog.getByRole("radio", { name: to }).check();
      expect(await graveViolations(page), "axe").toEqual([]);
      await b.shot(page, `paypal-change-plan-${member.width}`);
      await dialog.getByRole("button", { name: "Continue to PayPal" }).click();

      // PayPal's page: nothing is charged now; going back keeps the plan as it was.
      await page.waitForURL(/\/webapps\/billing\/subscriptions\/update\?ba_token=/, { timeout: 20_000 });
      await page.getByText(/^Nothing is charged now\. The new price applies from your next payment/).waitFor();
      await page.getByRole("link", { name: "Cancel and keep my current plan" }).click();
      await page.waitForURL(/\/customer-dashboard\?tab=memberships/, { timeout: 20_000 });
      await row.getByText(/^Renews on .+ for \$9 \/ month$/).waitFor({ timeout: 20_000 });

      dialog = await openChangePlan(page);
      await dialog.getByRole("radio", { name: to }).check();
      await dialog.getByRole("button", { name: "Continue to PayPal" }).click();
      await page.waitForURL(/\/webapps\/billing\/subscriptions\/update\?ba_token=/, { timeout: 20_000 });
      expect(await graveViolations(page), "axe (PayPal's page)").toEqual([]);
      await b.shot(page, `paypal-change-approve-${member.width}`);
      await page.getByRole("button", { name: "Agree & Change" }).click();

      // Back on Memberships; the plan follows PayPal's signed BILLING.SUBSCRIPTION.UPDATED.
      await page.waitForURL(/\/customer-dashboard\?tab=memberships/, { timeout: 20_000 });
      await page.getByRole("tab", { name: "Memberships", selected: true }).waitFor({ timeout: 20_000 });
      await expect
        .poll(
          async () => {
            await page.reload();
            await row.getByText(/^Renews on /).waitFor();
            return row.getByText(shown).isVisible();
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await b.shot(page, `paypal-change-done-${member.width}`);
      await context.close();
    }, 120_000);
  }
});
