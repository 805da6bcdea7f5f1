import { beforeAll, describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { purchaseCard } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * A member manages the plan and the card in the portal: "Change plan" lists the product's plans
 * in its currency and moves the membership at once (prorated on Stripe), and "Update payment
 * method" opens the seller's Stripe billing page, which returns to the portal's Memberships tab.
 */
const b = useBrowser();
let productId = "";
const buyer = "pablo.plans@e2e.local";

beforeAll(async () => {
  const seller = await sellerWithProducts(b, { email: "petra.plans@e2e.local", name: "Petra Plans" }, [
    {
      name: "Plans Club",
      headline: "Join the plans club",
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
  ]);
  [productId] = seller.ids as [string];
  await seller.context.close();
});

describe("a member's plan and card in the portal", () => {
  it("the buyer subscribes to Basic monthly", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${productId}`);
    const card = purchaseCard(page);
    await card.getByRole("radio", { name: /^Basic/ }).check();
    await card.getByRole("button", { name: "Subscribe - $9 / month" }).click();
    await payOnSandbox(page, buyer, "$9.00");
    await page.getByText("Your membership of Plans Club (Basic) has started.").waitFor();
    await context.close();
  }, 120_000);

  for (const [width, viewport, to, shown] of [
    ["desktop", undefined, /^Basic.*\$90 \/ year/, "Basic · $90 / year"],
    ["phone", PHONE, /^Pro.*\$19 \/ month/, "Pro · $19 / month"],
  ] as const) {
    it(`changes the plan in a dialog that prices every plan (${width})`, async () => {
      const { page, context } = await b.newPage({ viewport });
      await signIn(page, buyer, "Pablo Plans");
      await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
      await page.getByRole("tab", { name: "Memberships" }).click();
      const item = page
        .getByRole("list", { name: "Your memberships" })
        .getByRole("listitem")
        .filter({ hasText: "Plans Club" });
      await item.getByRole("button", { name: "Change plan" }).click();
      const dialog = page.getByRole("dialog", { name: "Change your plan of Plans Club" });
      await expect.poll(() => dialog.getByRole("radio").count()).toBe(3);
      // Nothing to change until another plan is picked.
      expect(await dialog.getByRole("button", { name: "Change plan" }).isDisabled()).toBe(true);
      await dialog.getByRole("radio", { name: to }).check();
      expect(await graveViolations(page), "axe").toEqual([]);
      await b.shot(page, `membership-change-plan-${width}`);
      await dialog.getByRole("button", { name: "Change plan" }).click();
      await dialog.waitFor({ state: "detached", timeout: 20_000 });
      await item.getByText(shown).waitFor();
      await item.getByText("Active").waitFor();
      await context.close();
    }, 120_000);
  }

  it("updates the card on the seller's billing page and comes back to Memberships", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, buyer, "Pablo Plans");
    await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
    await page.getByRole("tab", { name: "Memberships" }).click();
    await page.getByRole("button", { name: "Update payment method" }).click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Update payment method" }).click();
    await page.waitForURL(/\/customer-dashboard\?tab=memberships/, { timeout: 20_000 });
    // The portal opens on the Memberships tab the billing page returned to.
    await page.getByRole("tab", { name: "Memberships", selected: true }).waitFor({ timeout: 20_000 });
    await page.getByRole("listitem").filter({ hasText: "Plans Club" }).getByText("Pro · $19 / month").waitFor();
    await b.shot(page, "membership-card-updated-phone");
    await context.close();
  }, 120_000);
});
