import { beforeAll, describe, expect, inject, it } from "vitest";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import type { Page } from "playwright-core";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { purchaseCard } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";

/**
 * The creator watches the Members section move, in pounds: each new member adds to MRR and the
 * member count, a member the creator cancels keeps access to the period's end, and once the
 * payments sandbox's clock passes it (POST /__sandbox/clock/advance, the whole sandbox's clock,
 * only ever moved forward) that member has ended and MRR is the renewing member's alone.
 */
const b = useBrowser();
const DAY = 86_400;
let productId = "";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
const ada = "ada.mrr@e2e.local";
const ben = "ben.mrr@e2e.local";

beforeAll(async () => {
  seller = await sellerWithProducts(b, { email: "molly.mrr@e2e.local", name: "Molly MRR" }, [
    {
      name: "Pound Club",
      headline: "A monthly club in pounds",
      currency: "gbp",
      billing: "recurring",
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: 10 }] }],
    },
  ]);
  productId = seller.ids[0]!;
});

const advance = (seconds: number) => advanceSandboxClock(inject("stripeUrl"), seconds);

async function subscribe(email: string) {
  const { page, context } = await b.newPage({ viewport: PHONE });
  await page.goto(`/product/${productId}`);
  await purchaseCard(page).getByRole("button", { name: "Subscribe - £10 / month" }).click();
  await payOnSandbox(page, email, "£10.00");
  await page.getByText("Your membership of Pound Club (Basic) has started.").waitFor();
  await context.close();
}

/** The Members section read afresh (the figures are folded from the sales a moment later). */
const figure = async (page: Page, testId: string) => {
  await page.reload();
  return page.getByTestId(testId).innerText({ timeout: 15_000 });
};
const memberRow = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });

describe("the creator's Members section over time", () => {
  it("MRR and the member list follow new members, a cancel, and the period's end", async () => {
    const { page } = seller;
    await subscribe(ada);
    await page.goto("/dashboard?section=members");
    await page.getByRole("heading", { name: "Members" }).waitFor();
    await expect.poll(() => figure(page, "stat-members"), { timeout: 30_000 }).toBe("1");
    expect(await figure(page, "stat-mrr")).toBe("£10.00");
    await memberRow(page, ada).getByText("Active", { exact: true }).waitFor();

    await subscribe(ben);
    await expect.poll(() => figure(page, "stat-members"), { timeout: 30_000 }).toBe("2");
    expect(await figure(page, "stat-mrr")).toBe("£20.00");
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "membership-mrr-two-members");

    // The creator cancels Ada's: she keeps access to the period's end and is not charged again.
    await memberRow(page, ada)
      .getByRole("button", { name: `Cancel ${ada}'s membership` })
      .click();
    await page
      .getByRole("dialog", { name: `Cancel ${ada}'s membership?` })
      .getByRole("button", { name: "Cancel membership" })
      .click();
    await memberRow(page, ada)
      .getByText(/^Access until .+; it will not renew$/)
      .waitFor();

    // A month and a day later: Ada's has ended, Ben's renewed.
    await advance(31 * DAY);
    await expect.poll(() => figure(page, "stat-members"), { timeout: 30_000 }).toBe("1");
    expect(await figure(page, "stat-mrr")).toBe("£10.00");
    await memberRow(page, ada).getByText("Ended", { exact: true }).waitFor({ timeout: 15_000 });
    await memberRow(page, ben).getByText("Active", { exact: true }).waitFor();
    await b.shot(page, "membership-mrr-after-month");
  }, 180_000);
});
