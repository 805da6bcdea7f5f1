import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { purchaseCard, shownPrice } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Memberships and affiliates in pounds, at 1280 and 390 px: a GBP creator's membership on its
 * sales page (tiers, monthly / yearly, the trial), its checkout, the creator's Members section
 * (list and MRR), the buyer's portal (what comes next, the plan change dialog), and an
 * affiliate's commission on a member, on the creator's Affiliates screen and in the affiliate's
 * own area, paid out. Every figure is in pounds: "£12 / month" as price lists read, "£12.00" as
 * amounts, with thousands separators ("£1,250 / month").
 */
const b = useBrowser();
const SELLER = { email: "greta.gbp@e2e.local", name: "Greta Pounds" };
const PARTNER = { email: "pip.gbp@e2e.local", name: "Pip Partner" };
const MEMBER = "mabel.gbp@e2e.local";
const PATRON = "percy.gbp@e2e.local";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
let partner: Page;
let clubId = "";
let trialId = "";
let code = "";

const tiers = [
  {
    id: "basic",
    name: "Basic",
    description: "The monthly letter",
    prices: [
      { interval: "month", amount: 12 },
      { interval: "year", amount: 120 },
    ],
  },
  {
    id: "patron",
    name: "Patron",
    description: "The letter and a studio day",
    prices: [
      { interval: "month", amount: 1250 },
      { interval: "year", amount: 12_500 },
    ],
  },
];

/** Reloads until `text` shows inside `testId` (balances move a moment after a charge). */
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

/** Nothing on the page is wider than the viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  seller = await sellerWithProducts(b, SELLER, [
    { name: "Tea Letters", headline: "A letter about tea", currency: "gbp", billing: "recurring", tiers },
    {
      name: "Tea Trial",
      headline: "Try the tea letters",
      currency: "gbp",
      billing: "recurring",
      trial_days: 7,
      tiers,
    },
  ]);
  [clubId, trialId] = seller.ids as [string, string];
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
}, 60_000);

describe("a membership in pounds", () => {
  for (const [width, viewport] of [
    ["desktop", undefined],
    ["phone", PHONE],
  ] as const) {
    it(`the sales page prices tiers, periods and the trial in pounds (${width})`, async () => {
      const { page, context } = await b.newPage({ viewport });
      await page.goto(`/product/${trialId}`);
      const card = purchaseCard(page);
      await card.getByText("7-day free trial, then billed monthly").waitFor();
      expect(await shownPrice(page)).toBe("£12 / month");
      await card.getByText("£1,250 / month").waitFor();
      await card.getByText("Yearly", { exact: true }).click();
      expect(await shownPrice(page)).toBe("£120 / year");
      await card.getByText("£12,500 / year").waitFor();
      expect(await page.content()).not.toContain("$");
      expect(await overflow(page)).toBe(0);
      expect(await graveViolations(page), "axe").toEqual([]);
      await b.shot(page, `membership-gbp-sales-page-${width}`);
      await card.getByRole("button", { name: "Start 7-day free trial" }).click();
      await page.waitForURL(/\/pay\/cs_test_/);
      await page.getByText("Then £120.00 per year after the trial").waitFor();
      expect(await page.locator("#total-amount").innerText()).toBe("£0.00");
      await b.shot(page, `membership-gbp-checkout-trial-${width}`);
      if (viewport) {
        // On the phone the member starts the trial: nothing today, £120.00 in a week.
        await page.locator("#email").fill(MEMBER);
        await page.getByRole("button", { name: "Start trial" }).click();
        await page.getByRole("heading", { name: "Your free trial has started!" }).waitFor({ timeout: 20_000 });
        await page
          .getByText(/^First charge £120\.00 on \w{3} \d{1,2}, \d{4}, then £120 \/ year\. Cancel before then/)
          .waitFor();
        await b.shot(page, "membership-gbp-trial-started-phone");
      }
      await context.close();
    }, 60_000);
  }

  it("with only a member on a trial, MRR reads £0.00 and never $0.00 first", async () => {
    const { page } = seller;
    // The creator's currency comes with their products' figures: held back, the stats arrive first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/dashboard/products-analytics", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dashboard?section=members");
    await page.getByTestId("stat-members").waitFor();
    const figures = page.getByRole("region", { name: "Membership figures" });
    expect(await figures.innerText()).not.toContain("$");
    release();
    await expect.poll(() => page.getByTestId("stat-mrr").innerText()).toBe("£0.00");
    await page.unrouteAll();
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("stat-trialing").innerText({ timeout: 15_000 });
        },
        { timeout: 30_000 },
      )
      .toBe("1");
    expect(await page.getByTestId("stat-mrr").innerText()).toBe("£0.00");
  }, 60_000);

  it("a member subscribes to Basic monthly at £12.00", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${clubId}`);
    await purchaseCard(page).getByRole("button", { name: "Subscribe - £12 / month" }).click();
    await payOnSandbox(page, MEMBER, "£12.00");
    await page.getByText("Your membership of Tea Letters (Basic) has started.").waitFor();
    await page.getByText(/^Next charge £12\.00 on \w{3} \d{1,2}, \d{4} \(£12 \/ month\)\.$/).waitFor();
    await b.shot(page, "membership-gbp-success-phone");
    await context.close();
  }, 60_000);

  it("a patron comes through the affiliate's link and pays £12,500.00 for a year", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/r/${code}?product=${clubId}`);
    await page.waitForURL(new RegExp(`/product/${clubId}$`));
    const card = purchaseCard(page);
    await card.getByText("Yearly", { exact: true }).click();
    await card.getByRole("radio", { name: /^Patron/ }).check();
    await card.getByRole("button", { name: "Subscribe - £12,500 / year" }).click();
    await payOnSandbox(page, PATRON, "£12,500.00");
    await page.getByText(/^Next charge £12,500\.00 on \w{3} \d{1,2}, \d{4} \(£12,500 \/ year\)\.$/).waitFor();
    await b.shot(page, "membership-gbp-success-desktop");
    await context.close();
  }, 60_000);

  for (const [width, viewport] of [
    ["desktop", undefined],
    ["phone", PHONE],
  ] as const) {
    it(`the creator's Members section lists both and MRR in pounds (${width})`, async () => {
      const { page } = seller;
      await page.setViewportSize(viewport ?? { width: 1280, height: 860 });
      await page.goto("/dashboard?section=members");
      await page.getByRole("heading", { name: "Members" }).waitFor();
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByTestId("stat-members").innerText({ timeout: 15_000 });
          },
          { timeout: 30_000 },
        )
        .toBe("2");
      // £12 a month and £12,500 a year (£1,041.67 a month); the trial pays nothing yet.
      expect(await page.getByTestId("stat-mrr").innerText()).toBe("£1,053.67");
      expect(await page.getByTestId("stat-trialing").innerText()).toBe("1");
      const row = (email: string, product: string) =>
        page
          .getByRole(viewport ? "listitem" : "row")
          .filter({ hasText: email })
          .filter({ hasText: product });
      await row(MEMBER, "Tea Letters").getByText("£12 / month", { exact: true }).first().waitFor();
      await row(MEMBER, "Tea Letters")
        .getByText(/^Renews on \w{3} \d{1,2}, \d{4} for £12 \/ month$/)
        .waitFor();
      await row(MEMBER, "Tea Trial")
        .getByText(/^Free trial until \w{3} \d{1,2}, \d{4}, then £120 \/ year$/)
        .waitFor();
      await row(PATRON, "Tea Letters").getByText("£12,500 / year", { exact: true }).first().waitFor();
      expect(await overflow(page)).toBe(0);
      expect(await graveViolations(page), "axe").toEqual([]);
      await b.shot(page, `membership-gbp-members-${width}`);
    }, 60_000);
  }
});

describe("the member's portal in pounds", () => {
  const memberships = async (viewport?: { width: number; height: number }) => {
    const { page, context } = await b.newPage({ viewport });
    await signIn(page, MEMBER, "Mabel Member");
    await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
    await page.getByRole("tab", { name: "Memberships" }).click();
    const list = page.getByRole("list", { name: "Your memberships" });
    const item = (name: string) => list.getByRole("listitem").filter({ hasText: name });
    return { page, context, item };
  };

  it("shows what comes next and prices every plan in the change dialog (desktop)", async () => {
    const { page, context, item } = await memberships();
    await item("Tea Letters").getByText("Basic · £12 / month").waitFor();
    await item("Tea Letters")
      .getByText(/^Renews on \w{3} \d{1,2}, \d{4} for £12 \/ month$/)
      .waitFor();
    await item("Tea Trial").getByText("Basic · £120 / year").waitFor();
    await item("Tea Trial")
      .getByText(/^Free trial until \w{3} \d{1,2}, \d{4}, then £120 \/ year$/)
      .waitFor();
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "membership-gbp-portal-desktop");

    await item("Tea Letters").getByRole("button", { name: "Change plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your plan of Tea Letters" });
    await expect.poll(() => dialog.getByRole("radio").count()).toBe(4);
    const labels = await dialog.locator("label").allInnerTexts();
    expect(labels.map((l) => l.replace(/\s+/g, " ").trim())).toEqual([
      "Basic (your plan) £12 / month",
      "Basic £120 / year",
      "Patron £1,250 / month",
      "Patron £12,500 / year",
    ]);
    await dialog
      .getByText(
        "The change is made now. You pay (or are credited) the difference for the rest of this period, and later renewals are at the new price.",
      )
      .waitFor();
    // Monthly to yearly is not "the difference for the rest of this period": a year starts today.
    await dialog.getByRole("radio", { name: /^Basic.*£120 \/ year/ }).check();
    await dialog
      .getByText(
        "The change is made now. A new yearly period starts today at £120.00, less a credit for the unused part of this one, and renews at that price.",
      )
      .waitFor();
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "membership-gbp-change-plan-desktop");
    await dialog.getByRole("button", { name: "Keep my plan" }).click();
    await dialog.waitFor({ state: "detached" });

    await item("Tea Trial").getByRole("button", { name: "Change plan" }).click();
    const trial = page.getByRole("dialog", { name: "Change your plan of Tea Trial" });
    // A trial has paid nothing: nothing is prorated, the trial runs on and the new price comes after it.
    await trial
      .getByText(
        /^The change is made now\. Your free trial goes on until \w{3} \d{1,2}, \d{4} and nothing is charged today; then you pay the new price\.$/,
      )
      .waitFor();
    await trial.getByRole("radio", { name: /^Patron.*£12,500 \/ year/ }).check();
    await b.shot(page, "membership-gbp-change-trial-plan-desktop");
    await trial.getByRole("button", { name: "Change plan" }).click();
    await page.getByText("Your plan is now Patron at £12,500 / year.").waitFor({ timeout: 20_000 });
    await item("Tea Trial").getByText("Patron · £12,500 / year").waitFor();
    await item("Tea Trial")
      .getByText(/^Free trial until \w{3} \d{1,2}, \d{4}, then £12,500 \/ year$/)
      .waitFor();
    await b.shot(page, "membership-gbp-trial-changed-desktop");
    await context.close();
  }, 60_000);

  it("changes Basic monthly to yearly on a phone: the plan and renewal read £120 / year", async () => {
    const { page, context, item } = await memberships(PHONE);
    await item("Tea Letters").getByRole("button", { name: "Change plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your plan of Tea Letters" });
    await dialog.getByRole("radio", { name: /^Basic.*£120 \/ year/ }).check();
    expect(await overflow(page)).toBe(0);
    await b.shot(page, "membership-gbp-change-plan-phone");
    await dialog.getByRole("button", { name: "Change plan" }).click();
    await page.getByText("Your plan is now Basic at £120 / year.").waitFor({ timeout: 20_000 });
    await item("Tea Letters").getByText("Basic · £120 / year").waitFor();
    await item("Tea Letters")
      .getByText(/^Renews on \w{3} \d{1,2}, \d{4} for £120 \/ year$/)
      .waitFor();
    expect(await page.content()).not.toContain("$");
    expect(await overflow(page)).toBe(0);
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "membership-gbp-portal-phone");
    await context.close();
  }, 60_000);
});

describe("the plan change's charge in the creator's Sales History", () => {
  for (const [width, viewport] of [
    ["desktop", { width: 1280, height: 860 }],
    ["phone", PHONE],
  ] as const) {
    it(`the £108.00 of the move to yearly reads 'Plan change', not 'Renewal' (${width})`, async () => {
      const { page } = seller;
      await page.setViewportSize(viewport);
      await page.goto("/dashboard?section=settings");
      await page.getByRole("tab", { name: "Sales History" }).click();
      const sale = page.getByRole("button", { name: `Refund £108.00 to ${MEMBER} for Tea Letters` });
      await expect.poll(() => sale.count(), { timeout: 20_000 }).toBe(1);
      const row =
        viewport === PHONE ? page.getByRole("listitem").filter({ has: sale }) : page.locator("tr", { has: sale });
      expect(await row.innerText()).toMatch(/plan change/i);
      expect(await row.innerText()).not.toMatch(/renewal/i);
      if (width === "desktop") {
        // No sale has tax: no column of dashes, and the table fits (Status not under the pinned Refund).
        const table = page.getByRole("region", { name: "Sales history" });
        expect(await table.getByRole("columnheader", { name: "Tax" }).count()).toBe(0);
        expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      }
      expect(await overflow(page)).toBe(0);
      expect(await graveViolations(page), "axe").toEqual([]);
      await b.shot(page, `membership-gbp-plan-change-sale-${width}`);
    }, 60_000);
  }
});

describe("the affiliate's commission in pounds", () => {
  it("the creator's Affiliates screen shows £2,500.00 earned and due (desktop)", async () => {
    const { page } = seller;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/dashboard?section=affiliates");
    await waitForFigure(page, "affiliate-earned", "£2,500.00");
    const card = page.getByTestId("affiliate").filter({ hasText: PARTNER.email });
    expect(await card.getByTestId("affiliate-sales").innerText()).toBe("1");
    expect(await card.getByTestId("affiliate-earned").innerText()).toBe("£2,500.00");
    expect(await card.getByTestId("affiliate-due").innerText()).toBe("£2,500.00");
    const due = page.getByRole("list", { name: "Payouts due" });
    await due.getByText("£2,500.00", { exact: true }).waitFor();
    expect(await page.content()).not.toContain("$");
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "affiliates-gbp-desktop");
  }, 60_000);

  it("the affiliate sees it due in their area, the creator marks it paid on a phone, and both read £2,500.00 paid", async () => {
    await partner.setViewportSize(PHONE);
    await partner.goto("/affiliate");
    await waitForFigure(partner, "program-earned", "£2,500.00");
    expect(await partner.getByTestId("program-due").innerText()).toBe("£2,500.00");
    expect(await partner.getByTestId("program-paid").innerText()).toBe("—");
    expect(await overflow(partner)).toBe(0);
    expect(await graveViolations(partner), "axe").toEqual([]);
    await b.shot(partner, "affiliate-area-gbp-due-phone");

    const { page } = seller;
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard?section=affiliates");
    const due = page.getByRole("list", { name: "Payouts due" });
    await due.getByRole("button", { name: `Mark as paid £2,500.00 to ${PARTNER.email}` }).click();
    const dialog = page.getByRole("dialog", { name: `Mark £2,500.00 to ${PARTNER.email} as paid?` });
    await dialog.getByText(`once you have sent £2,500.00 to ${PARTNER.email}`).waitFor();
    expect(await overflow(page)).toBe(0);
    await b.shot(page, "affiliates-gbp-mark-paid-phone");
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    await page.getByText(`£2,500.00 to ${PARTNER.email} marked as paid.`).waitFor();
    await page.getByTestId("affiliate-due").getByText("Nothing due").waitFor();
    const history = page.getByRole("list", { name: "Payout history" });
    expect(await history.getByTestId("payout").allInnerTexts()).toEqual([
      expect.stringMatching(/Affiliate commission\s+£2,500\.00$/),
    ]);
    expect(await overflow(page)).toBe(0);
    await b.shot(page, "affiliates-gbp-paid-phone");

    await waitForFigure(partner, "program-paid", "£2,500.00");
    expect(await partner.getByTestId("program-due").innerText()).toBe("—");
    const received = partner.getByRole("list", { name: "Payouts received" }).getByTestId("payout");
    expect(await received.allInnerTexts()).toEqual([expect.stringMatching(/Affiliate commission\s+£2,500\.00$/)]);
    await b.shot(partner, "affiliate-area-gbp-paid-phone");
  }, 60_000);
});
