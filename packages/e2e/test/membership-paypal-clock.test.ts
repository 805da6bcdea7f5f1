import { beforeAll, describe, expect, it } from "vitest";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import type { Page } from "playwright-core";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { purchaseCard } from "../src/sales-page";
import { connectPayPal, sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * The membership journeys of membership-clock and membership-mrr, on PayPal and in euros: the
 * PayPal sandbox's clock (POST <PayPal sandbox>/__sandbox/clock/advance, the whole sandbox's,
 * only ever moved forward) ends trials, bills periods and retries failed payments as PayPal does,
 * and its signed BILLING.SUBSCRIPTION.* and PAYMENT.SALE.* events move the memberships. A buyer
 * whose PayPal e-mail starts with "decline" approves, and then every payment fails.
 */
const b = useBrowser();
const DAY = 86_400;
let trialProduct = "";
let clubProduct = "";
let creator: Page;
let paypalUrl = "";

beforeAll(async () => {
  const trials = await sellerWithProducts(
    b,
    { email: "tess.paypal-trials@e2e.local", name: "Tess Trials", payments: false },
    [],
  );
  await connectPayPal(trials.page, "tess-trials-app");
  trialProduct = await recurring(trials.page, { name: "Euro Trial Club", trial_days: 7, amount: 9 });
  await trials.context.close();

  const club = await sellerWithProducts(
    b,
    { email: "mona.paypal-mrr@e2e.local", name: "Mona MRR", payments: false },
    [],
  );
  await connectPayPal(club.page, "mona-mrr-app");
  clubProduct = await recurring(club.page, { name: "Euro Club", amount: 10 });
  creator = club.page;
});

async function recurring(page: Page, p: { name: string; amount: number; trial_days?: number }) {
  const made = await page.request.post("/api/products", {
    data: {
      name: p.name,
      headline: "A monthly club in euros, paid with PayPal",
      content_url: "https://files.example.com/euro-club.pdf",
      currency: "eur",
      billing: "recurring",
      ...(p.trial_days ? { trial_days: p.trial_days } : {}),
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: p.amount }] }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

const advance = (seconds: number) => advanceSandboxClock(paypalUrl, seconds);

/** Approves `button`'s subscription on PayPal's page as `email`; the success page's access link. */
async function subscribe(page: Page, productId: string, button: string, email: string) {
  await page.goto(`/product/${productId}`);
  await purchaseCard(page).getByRole("button", { name: button }).click();
  await page.waitForURL(/\/webapps\/billing\/subscriptions\?ba_token=/);
  paypalUrl = new URL(page.url()).origin;
  await page.locator("#email").fill(email);
  await page.getByRole("button", { name: "Agree & Subscribe" }).click();
  const link = page.getByRole("link", { name: "Access Your Content" });
  return (await link.getAttribute("href", { timeout: 20_000 }))!;
}

type Mail = { to: string; subject: string; text: string };
const mailTo = async (page: Page, to: string) =>
  ((await (await page.request.get("/__outbox.json")).json()) as Mail[]).filter((m) => m.to === to);
const accessStatus = async (page: Page, link: string) => (await page.request.get(link, { maxRedirects: 0 })).status();
const statusOf = async (page: Page, productId: string) => {
  const res = await page.request.get("/api/customer/memberships");
  const list = ((await res.json()) as { memberships: { product_id: string; status: string }[] }).memberships;
  return list.find((m) => m.product_id === productId)?.status;
};

describe("memberships on PayPal's clock, in euros", () => {
  it("a 7-day trial, then a month: two payments of €9, two receipts, and the access link still works", async () => {
    const buyer = "tom.trial@e2e.local";
    const { page, context } = await b.newPage();
    const link = await subscribe(page, trialProduct, "Start 7-day free trial", buyer);
    await page.getByRole("heading", { name: "Your free trial has started!" }).waitFor();
    expect(await accessStatus(page, link)).toBe(302);

    await advance(8 * DAY); // the trial ends: PayPal's first payment
    await advance(31 * DAY); // a month later: the second
    const paid = () => mailTo(page, buyer).then((ms) => ms.filter((m) => m.text.includes("Amount paid: €9.00")));
    await expect.poll(async () => (await paid()).length, { timeout: 30_000 }).toBe(2);
    for (const receipt of await paid()) {
      const own = /Access your content: (\S+)/.exec(receipt.text)![1]!;
      expect(await accessStatus(page, own)).toBe(302);
    }
    await signIn(page, buyer, "Tom Trial");
    await expect.poll(() => statusOf(page, trialProduct), { timeout: 15_000 }).toBe("active");
    expect(await accessStatus(page, link)).toBe(302);
    await context.close();
  }, 180_000);

  it("payments that fail: past_due, the 'payment failed' e-mail, then after PayPal's retries it ends (410)", async () => {
    const buyer = "decline.dina@e2e.local";
    const { page, context } = await b.newPage({ viewport: PHONE });
    const link = await subscribe(page, trialProduct, "Start 7-day free trial", buyer);
    await signIn(page, buyer, "Dina Decline");

    await advance(8 * DAY); // the trial ends and PayPal's first payment fails
    await expect.poll(() => statusOf(page, trialProduct), { timeout: 30_000 }).toBe("past_due");
    const failed = () => mailTo(page, buyer).then((ms) => ms.filter((m) => m.subject.endsWith("failed")));
    await expect.poll(async () => (await failed()).length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect((await failed())[0]!.subject).toBe("Your payment for Euro Trial Club failed");
    expect(await accessStatus(page, link)).toBe(302); // while PayPal retries, access goes on
    await page.goto("/customer-dashboard?tab=memberships");
    const item = page.getByRole("listitem").filter({ hasText: "Euro Trial Club" });
    await item.getByText("Payment failed", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "paypal-membership-past-due-phone");

    await advance(11 * DAY); // PayPal's retries fail too: it suspends, and Payloft ends the membership
    await expect.poll(() => statusOf(page, trialProduct), { timeout: 30_000 }).toBe("ended");
    expect(await accessStatus(page, link)).toBe(410);
    await expect
      .poll(async () => (await mailTo(page, buyer)).filter((m) => m.subject.endsWith("has ended")).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await page.reload();
    await item.getByText("Ended", { exact: true }).waitFor({ timeout: 20_000 });
    await context.close();
  }, 180_000);

  it("the creator sees MRR and the member list follow new members, a cancel and the period's end", async () => {
    const figure = async (testId: string) => {
      await creator.reload();
      return creator.getByTestId(testId).innerText({ timeout: 15_000 });
    };
    const memberRow = (email: string) => creator.getByRole("row").filter({ hasText: email });
    const [ana, bo] = ["ana.paypal-mrr@e2e.local", "bo.paypal-mrr@e2e.local"];
    for (const email of [ana, bo]) {
      const { page, context } = await b.newPage({ viewport: PHONE });
      await subscribe(page, clubProduct, "Subscribe - €10 / month", email);
      await context.close();
    }
    await creator.goto("/dashboard?section=members");
    await creator.getByRole("heading", { name: "Members" }).waitFor();
    await expect.poll(() => figure("stat-members"), { timeout: 30_000 }).toBe("2");
    expect(await figure("stat-mrr")).toBe("€20.00");

    await memberRow(ana)
      .getByRole("button", { name: `Cancel ${ana}'s membership` })
      .click();
    await creator
      .getByRole("dialog", { name: `Cancel ${ana}'s membership?` })
      .getByRole("button", { name: "Cancel membership" })
      .click();
    await memberRow(ana)
      .getByText(/^Access until .+; it will not renew$/)
      .waitFor({ timeout: 20_000 });
    expect(await graveViolations(creator), "axe").toEqual([]);
    await b.shot(creator, "paypal-membership-mrr-canceled");

    await advance(31 * DAY); // Ana's period ends; Bo's renews
    await expect.poll(() => figure("stat-members"), { timeout: 30_000 }).toBe("1");
    expect(await figure("stat-mrr")).toBe("€10.00");
    await memberRow(ana).getByText("Ended", { exact: true }).waitFor({ timeout: 15_000 });
    await memberRow(bo).getByText("Active", { exact: true }).waitFor();
    await b.shot(creator, "paypal-membership-mrr-after-month");
  }, 180_000);
});
