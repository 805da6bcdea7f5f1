import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import { PHONE, useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { purchaseCard } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * A member an affiliate brought, in pounds: the buyer follows the link and subscribes at £10 a
 * month, the sandbox's test clock renews it (the affiliate earns 20% of each charge), the
 * creator refunds the renewal in Sales History, and both the creator's Affiliates section and
 * the affiliate's own area show the renewal's commission taken back: one sale, £2.00 earned and due.
 * The clock is the whole sandbox's: moved forward only, as membership-clock.test does.
 */
const b = useBrowser();
const SELLER = { email: "gus.pounds@e2e.local", name: "Gus Pounds" };
const PARTNER = { email: "pia.pounds@e2e.local", name: "Pia Pounds" };
const BUYER = "mo.member@e2e.local";
const DAY = 86_400;
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
let partner: Page;
let productId = "";
let code = "";

/** Reloads until `text` shows inside `testId` (the stream fold moves balances a moment after a charge). */
async function waitForFigure(page: Page, testId: string, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByTestId(testId).first().waitFor();
        return (await page.getByTestId(testId).allInnerTexts()).join(" | ");
      },
      { timeout: 30_000, interval: 500 },
    )
    .toContain(text);
}

beforeAll(async () => {
  seller = await sellerWithProducts(b, SELLER, [
    {
      name: "Pound Club",
      headline: "Monthly letters in pounds",
      billing: "recurring",
      currency: "gbp",
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: 10 }] }],
    },
  ]);
  productId = seller.ids[0]!;
  // The invitation and its acceptance are affiliates.test's journey; here they are set up through the API.
  const invited = await seller.page.request.post("/api/affiliates", {
    data: { email: PARTNER.email, commission_percent: 20, product_ids: null },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const affiliate = ((await invited.json()) as { affiliate: { id: string; code: string } }).affiliate;
  code = affiliate.code;
  ({ page: partner } = await b.newPage());
  await signIn(partner, PARTNER.email, PARTNER.name);
  const accepted = await partner.request.post(`/api/affiliate/invitations/${affiliate.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
});

describe("an affiliate's member in pounds", () => {
  it("the buyer follows the link and subscribes at £10 a month", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/r/${code}?product=${productId}`);
    await page.waitForURL(new RegExp(`/product/${productId}$`));
    await purchaseCard(page).getByRole("button", { name: "Subscribe - £10 / month" }).click();
    await payOnSandbox(page, BUYER, "£10.00");
    await context.close();
    await partner.goto("/affiliate");
    await waitForFigure(partner, "program-earned", "£2.00");
  }, 120_000);

  it("a month later the renewal earns the affiliate another £2.00", async () => {
    await advanceSandboxClock(inject("stripeUrl"), 31 * DAY);
    await seller.page.goto("/dashboard?section=affiliates");
    await waitForFigure(seller.page, "affiliate-earned", "£4.00");
    expect(await seller.page.getByTestId("affiliate-sales").innerText()).toBe("2");
  }, 120_000);

  it("the creator refunds the renewal: its commission goes back, on both sides", async () => {
    const { page } = seller;
    await page.goto("/dashboard?section=settings");
    await page.getByRole("tab", { name: "Sales History" }).click();
    const refunds = page.getByRole("button", { name: `Refund £10.00 to ${BUYER} for Pound Club` });
    await expect.poll(() => refunds.count(), { timeout: 20_000 }).toBe(2);
    // Newest first: the renewal.
    await refunds.first().click();
    await page
      .getByRole("dialog", { name: "Refund this sale?" })
      .getByRole("button", { name: "Refund £10.00" })
      .click();
    await page.getByText("Sale refunded. The buyer's access has been revoked.").waitFor({ timeout: 20_000 });

    await page.goto("/dashboard?section=affiliates");
    await waitForFigure(page, "affiliate-earned", "£2.00");
    const card = page.getByTestId("affiliate").filter({ hasText: PARTNER.email });
    expect(await card.getByTestId("affiliate-sales").innerText()).toBe("1");
    expect(await card.getByTestId("affiliate-earned").innerText()).toBe("£2.00");
    expect(await card.getByTestId("affiliate-due").innerText()).toBe("£2.00");
    await b.shot(page, "affiliates-member-refund-gbp");

    await partner.setViewportSize(PHONE);
    await waitForFigure(partner, "program-earned", "£2.00");
    expect(await partner.getByTestId("program-sales").innerText()).toBe("1");
    expect(await partner.getByTestId("program-due").innerText()).toBe("£2.00");
    await b.shot(partner, "affiliate-area-member-refund-gbp-phone");
  }, 120_000);
});
