import { beforeAll, describe, expect, it } from "vitest";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import { connectPayPal, paypalMerchant } from "@payloft/local/testing/payment";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { signInWithRole, type Person } from "./actors";
import { recurringProduct, subscribeWithCard } from "./memberships";

/**
 * POST /api/customer/memberships/{id}/payment-method for a PayPal membership: the buyer's own
 * answers PayPal's page of that automatic payment (the local PayPal sandbox's, offline). There a
 * source that declines changes nothing; a good one pays what is past due at once, so a past_due
 * member is active again with one more sale.
 */
const stack = useStack();
const APP = "pia-pp-funding";
let pia: Person;
let pam: Person;
let cara: Person;
let membershipId: string;

beforeAll(async () => {
  pam = await signInWithRole(stack(), "pam.pp-funding@example.com", "creator");
  await connectPayPal(stack(), pam, APP, "pam-secret");
  cara = await signInWithRole(stack(), "cara.pp-funding@example.com", "customer");
  const productId = await recurringProduct(stack(), pam, "Funding Club", {
    trial_days: 7,
    tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "5" }] }],
  });
  // A PayPal buyer whose e-mail starts with "decline" approves, then every charge fails.
  const { membership } = await subscribeWithCard(stack(), productId, "basic", "decline.pia@example.com");
  membershipId = membership.id;
  pia = await signInWithRole(stack(), "decline.pia@example.com", "customer");
});

const fundingPage = (who: Person | null) =>
  call(stack(), "POST", `/api/customer/memberships/${membershipId}/payment-method`, who ? { cookie: who.cookie } : {});
const mine = async () =>
  (await call(stack(), "GET", "/api/customer/memberships", { cookie: pia.cookie })).json.memberships[0];
const sales = async () =>
  (
    (await call(stack(), "GET", "/api/sales-history", { cookie: pam.cookie })).json.sales as {
      amount: number;
      membership_id: string;
    }[]
  ).filter((s) => s.membership_id === membershipId);
const save = (url: string, form: Record<string, string>) =>
  fetch(url, { method: "POST", body: new URLSearchParams(form) });

describe("POST /api/customer/memberships/{id}/payment-method on PayPal", () => {
  it("is the buyer's own: 401 signed out, 403 for a creator, 404 for another buyer", async () => {
    expect((await fundingPage(null)).status).toBe(401);
    expect((await fundingPage(pam)).status).toBe(403);
    const foreign = await fundingPage(cara);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("Membership not found.");
  });

  it("a past_due member changes the funding on PayPal's page and is active again, with one more sale", async () => {
    await advanceSandboxClock(stack().paypal.url, 8 * 86400);
    await stack().settled();
    expect(await mine()).toMatchObject({ status: "past_due" });
    const before = (await sales()).length;

    const res = await fundingPage(pia);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ url: `${stack().paypal.url}/myaccount/autopay/connect/${membershipId}` });
    const page = await fetch(res.json.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Past due");

    const stranger = await save(res.json.url, { email: "cara.pp-funding@example.com", funding: "bank" });
    expect(stranger.status).toBe(403);
    const declined = await save(res.json.url, { email: "decline.pia@example.com", funding: "declining" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("This card was declined.");
    await stack().settled();
    expect(await mine()).toMatchObject({ status: "past_due" });
    expect(paypalMerchant(stack(), APP).subscriptions[membershipId]!._outstanding).toBe(500);

    const saved = await save(res.json.url, { email: "decline.pia@example.com", funding: "bank" });
    expect(saved.status).toBe(200);
    const after = await whenSettled(stack(), "active again", mine, (m) => m.status === "active");
    expect(after).toMatchObject({ status: "active", next_amount: 500 });
    // Newest first: the past-due month, paid now, is the one new sale.
    const now = await sales();
    expect(now).toHaveLength(before + 1);
    expect(now[0]).toMatchObject({ amount: 500, renewal: true });
  });

  it("an ended membership gets the sentence Stripe's gets", async () => {
    const ended = await call(stack(), "POST", `/api/memberships/${membershipId}/cancel`, {
      cookie: pam.cookie,
      body: { at_period_end: false },
    });
    expect(ended.json.membership?.status, ended.text).toBe("ended");
    const res = await fundingPage(pia);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("This membership has already ended.");
  });
});
