import { beforeAll, describe, expect, inject, it } from "vitest";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import type { Page } from "playwright-core";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { purchaseCard } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Memberships over time, on the payments sandbox's test clock (POST /__sandbox/clock/advance moves
 * the seller's Stripe forward: trials end, periods renew, failed payments are retried, as Stripe's
 * test clocks do). Each buyer subscribes in the browser; the clock then passes the trial and the
 * months, and what the buyer gets (charges, e-mails, the access link) is read as they would.
 * The clock is the whole sandbox's: these journeys only ever move it forward, and read nothing
 * of another journey's dates.
 */
const b = useBrowser();
const DAY = 86_400;
let productId = "";

beforeAll(async () => {
  const seller = await sellerWithProducts(b, { email: "carl.clock@e2e.local", name: "Carl Clock" }, [
    {
      name: "Clockwork Club",
      headline: "Monthly clockwork plans",
      billing: "recurring",
      trial_days: 7,
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: 9 }] }],
    },
  ]);
  productId = seller.ids[0]!;
  await seller.context.close();
});

const advance = (seconds: number) => advanceSandboxClock(inject("stripeUrl"), seconds);

type Mail = { to: string; subject: string; text: string };
const mailTo = async (page: Page, to: string) =>
  ((await (await page.request.get("/__outbox.json")).json()) as Mail[]).filter((m) => m.to === to);

/** Subscribes `email` to the monthly trial with `card` and returns the access link from the success page. */
async function subscribe(page: Page, email: string, card = "4242 4242 4242 4242") {
  await page.goto(`/product/${productId}`);
  await purchaseCard(page).getByRole("button", { name: "Start 7-day free trial" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByText("Then $9.00 per month after the trial").waitFor();
  await page.locator("#email").fill(email);
  await page.locator("#card").fill(card);
  await page.getByRole("button", { name: "Start trial" }).click();
  await page.waitForURL(/\/checkout\/success\?session_id=/);
  // The success page says what started: a trial, and when its first charge comes.
  await page.getByRole("heading", { name: "Your free trial has started!" }).waitFor({ timeout: 20_000 });
  await page
    .getByText("Your 7-day free trial of Clockwork Club (Basic) has started. Nothing was charged today.")
    .waitFor();
  const first = await page.getByText(/^First charge \$9\.00 on \w{3} \d{1,2}, \d{4}, then \$9 \/ month\./).innerText();
  expect(first).toContain("Cancel before then in your customer portal and you pay nothing.");
  await page.getByText("Nothing today (free trial)").waitFor();
  await page.getByText("Your access lasts as long as your membership").waitFor();
  const href = await page.getByRole("link", { name: "Access Your Content" }).getAttribute("href", { timeout: 20_000 });
  expect(href).toMatch(/\/a\//);
  return href!;
}

/** What the access link answers, without following it to the content. */
const accessStatus = async (page: Page, link: string) => (await page.request.get(link, { maxRedirects: 0 })).status();

/** The buyer's memberships as the portal's API lists them. */
async function membershipOf(page: Page) {
  const res = await page.request.get("/api/customer/memberships");
  const list = ((await res.json()) as { memberships: { product_id: string; status: string }[] }).memberships;
  return list.find((m) => m.product_id === productId);
}

describe("memberships on the test clock", () => {
  it("a 7-day trial, then a month: two charges of $9, two receipts, and the access link still works", async () => {
    const buyer = "tina.trial@e2e.local";
    const { page, context } = await b.newPage();
    const link = await subscribe(page, buyer);
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "membership-trial-success");
    expect(await accessStatus(page, link)).toBe(302);

    await advance(8 * DAY); // the trial ends: the first charge
    await advance(31 * DAY); // a month later: the second
    const charged = () => mailTo(page, buyer).then((ms) => ms.filter((m) => m.text.includes("Amount paid: $9.00")));
    await expect.poll(async () => (await charged()).length, { timeout: 30_000 }).toBe(2);
    // Each charge is a sale of its own, and its receipt carries an access link that works as well.
    for (const receipt of await charged()) {
      const own = /Access your content: (\S+)/.exec(receipt.text)![1]!;
      expect(await accessStatus(page, own)).toBe(302);
    }

    await signIn(page, buyer, "Tina Trial");
    await expect.poll(async () => (await membershipOf(page))?.status, { timeout: 15_000 }).toBe("active");
    expect(await accessStatus(page, link)).toBe(302);
    await context.close();
  }, 180_000);

  it("a card that attaches but never pays: past_due, the 'payment failed' e-mail, then after the retries it ends (410)", async () => {
    const buyer = "pablo.pastdue@e2e.local";
    const { page, context } = await b.newPage();
    const link = await subscribe(page, buyer, "4000 0000 0000 0341");
    await signIn(page, buyer, "Pablo Pastdue");

    await advance(8 * DAY); // the trial ends and its first charge is declined
    await expect.poll(async () => (await membershipOf(page))?.status, { timeout: 30_000 }).toBe("past_due");
    const failed = () => mailTo(page, buyer).then((ms) => ms.filter((m) => m.subject.endsWith("failed")));
    await expect.poll(async () => (await failed()).length, { timeout: 30_000 }).toBe(1);
    const notice = (await failed())[0]!;
    expect(notice.subject).toBe("Your payment for Clockwork Club failed");
    expect(notice.text).toContain("We couldn't take the payment of $9.00");
    expect(notice.text).toMatch(/we will try the same card again on \w+ \d+, \d{4}/);
    expect(notice.text).toContain("What to do:");
    // While Stripe retries, access goes on; the portal says the payment is owed.
    expect(await accessStatus(page, link)).toBe(302);
    await page.goto("/customer-dashboard");
    await page.getByRole("tab", { name: "Memberships" }).click();
    const item = page
      .getByRole("list", { name: "Your memberships" })
      .getByRole("listitem")
      .filter({ hasText: "Clockwork Club" });
    await item.getByText("Payment failed", { exact: true }).waitFor();
    await b.shot(page, "membership-clock-past-due");

    // The retries, 3, 5 and 7 days apart, fail too: a notice at each, then the membership ends.
    // One retry at a time, as days pass: a jump over all of them delivers every attempt with the
    // end, and a notice handled after the end is rightly not sent ("has ended" says it all).
    await advance(3 * DAY);
    await expect.poll(async () => (await failed()).length, { timeout: 30_000 }).toBe(2);
    await advance(5 * DAY);
    await expect.poll(async () => (await failed()).length, { timeout: 30_000 }).toBe(3);
    await advance(8 * DAY);
    await expect.poll(async () => (await membershipOf(page))?.status, { timeout: 30_000 }).toBe("ended");
    expect(await accessStatus(page, link)).toBe(410);
    await expect
      .poll(async () => (await mailTo(page, buyer)).filter((m) => m.subject.endsWith("has ended")).length, {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await failed()).toHaveLength(3);
    await context.close();
  }, 180_000);

  it("the buyer cancels in the portal, keeps access until the period's end, and loses it after", async () => {
    const buyer = "cody.cancel@e2e.local";
    const { page, context } = await b.newPage({ viewport: PHONE });
    const link = await subscribe(page, buyer);
    await b.shot(page, "membership-trial-success-phone");
    await signIn(page, buyer, "Cody Cancel");
    await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
    await page.getByRole("tab", { name: "Memberships" }).click();
    const item = page
      .getByRole("list", { name: "Your memberships" })
      .getByRole("listitem")
      .filter({ hasText: "Clockwork Club" });
    await item.getByRole("button", { name: "Cancel membership" }).click();
    await page
      .getByRole("dialog", { name: "Cancel your membership of Clockwork Club?" })
      .getByRole("button", { name: "Cancel membership" })
      .click();
    await item.getByText(/^Access until .+; it will not renew$/).waitFor();

    await advance(6 * DAY); // still inside the trial: access as before
    expect(await accessStatus(page, link)).toBe(302);
    expect((await membershipOf(page))?.status).toBe("canceled");

    await advance(2 * DAY); // past the period's end: the membership ends, and access with it
    await expect.poll(async () => (await membershipOf(page))?.status, { timeout: 30_000 }).toBe("ended");
    expect(await accessStatus(page, link)).toBe(410);
    // Nothing was ever charged.
    expect((await mailTo(page, buyer)).filter((m) => m.text.includes("Amount paid: $9.00"))).toEqual([]);
    await page.reload();
    await page.getByRole("tab", { name: "Memberships" }).click();
    await item.getByText("Ended", { exact: true }).waitFor();
    await b.shot(page, "membership-clock-ended");
    await context.close();
  }, 180_000);
});
