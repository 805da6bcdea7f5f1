import { beforeAll, describe, expect, it } from "vitest";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import { connectPayPal, paypalMerchant } from "@payloft/local/testing/payment";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { CheckoutEntity, MembershipEntity, ProductEntity } from "@payloft/core/db/entities";
import { productBody, signInWithRole, type Person } from "./actors";

/**
 * Memberships on a PayPal seller (Subscriptions API v1 against the local PayPal sandbox): the
 * checkout keeps a catalog product and plan on the seller's app and opens a subscription the
 * buyer approves; PayPal's signed events move the membership through the same states and domain
 * events as Stripe's; the buyer and the creator cancel and resume through PayPal's API, role by role.
 */
const stack = useStack();
const DAY = 86400;
const APP = "pam-pp-members";
let pam: Person;
let productId: string;

const merchant = () => paypalMerchant(stack(), APP);
const OLD_EVENTS = ["PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.REFUNDED", "CUSTOMER.DISPUTE.CREATED"];

beforeAll(async () => {
  pam = await signInWithRole(stack(), "pam.pp-members@example.com", "creator");
  await connectPayPal(stack(), pam, APP, "pam-secret");
  // A seller who connected before memberships: their webhook listens for order events only.
  for (const hook of Object.values(merchant().webhooks))
    hook.event_types = OLD_EVENTS.map((name) => ({ name, description: name, status: "ENABLED" }));
  const made = await call(stack(), "POST", "/api/products", {
    cookie: pam.cookie,
    body: {
      ...productBody("Garden Club"),
      billing: "recurring",
      trial_days: 7,
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "5" }] }],
    },
  });
  expect(made.status, made.text).toBe(201);
  productId = made.json.id;
});

const advance = async (seconds: number) => {
  await advanceSandboxClock(stack().paypal.url, seconds);
  await stack().settled();
};
const load = async (id: string) => (await MembershipEntity.get({ id }).go({ consistent: true })).data!;
const sales = async () =>
  (await call(stack(), "GET", "/api/sales-history", { cookie: pam.cookie })).json.sales as {
    id: string;
    amount: number;
    renewal: boolean;
    membership_id: string | null;
  }[];

async function subscribe(email: string) {
  const res = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId, tier: "basic", interval: "month" },
  });
  expect(res.status, res.text).toBe(200);
  const approveUrl = new URL(res.json.url);
  expect(approveUrl.origin).toBe(stack().paypal.url);
  const approved = await fetch(approveUrl, {
    method: "POST",
    body: new URLSearchParams({ email }),
    redirect: "manual",
  });
  expect(approved.status).toBe(303);
  const back = new URL(approved.headers.get("location")!);
  const sessionId = back.searchParams.get("session_id")!;
  expect(sessionId).toBe(res.json.checkout_id);
  const success = await call(stack(), "GET", `/api/checkout/success?session_id=${sessionId}`);
  expect(success.status, success.text).toBe(200);
  const membership = await whenSettled(
    stack(),
    "membership",
    async () => (await MembershipEntity.query.byCustomer({ customer_email: email }).go()).data[0],
    (m) => !!m,
  );
  return {
    sessionId,
    subscriptionId: back.searchParams.get("subscription_id")!,
    membership: membership!,
    success: success.json,
  };
}

describe("memberships on PayPal", () => {
  it("subscribes through a plan with a trial on the seller's app, and brings an older webhook up to date", async () => {
    const { sessionId, subscriptionId, membership, success } = await subscribe("mo.pp@example.com");
    const hook = Object.values(merchant().webhooks)[0]!;
    expect(hook.event_types.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(["BILLING.SUBSCRIPTION.ACTIVATED", "PAYMENT.SALE.COMPLETED", ...OLD_EVENTS]),
    );
    const plans = Object.values(merchant().plans);
    expect(plans).toHaveLength(1);
    expect(plans[0]!.billing_cycles.map((c: { tenure_type: string }) => c.tenure_type)).toEqual(["TRIAL", "REGULAR"]);
    expect(plans[0]!.billing_cycles[1].pricing_scheme.fixed_price).toEqual({ currency_code: "USD", value: "5.00" });
    const record = (await CheckoutEntity.get({ session_id: sessionId }).go()).data;
    expect(record).toMatchObject({ kind: "membership", provider: "paypal", provider_ref: subscriptionId, amount: 500 });
    expect(membership).toMatchObject({ id: subscriptionId, provider: "paypal", status: "trialing", amount: 500 });
    expect(success.purchase).toMatchObject({ amount: 0, currency: "usd" });
    // A second checkout reuses the plan.
    await subscribe("mo2.pp@example.com");
    expect(Object.values(merchant().plans)).toHaveLength(1);
  });

  it("renews as sales on PayPal's clock, once each even when PayPal delivers twice", async () => {
    const m = (await MembershipEntity.query.byCustomer({ customer_email: "mo.pp@example.com" }).go()).data[0]!;
    await advance(8 * DAY);
    await advance(31 * DAY);
    const mine = (await sales()).filter((s) => s.membership_id === m.id);
    expect(mine.filter((s) => s.renewal).map((s) => s.amount)).toEqual([500, 500]);
    expect((await load(m.id)).status).toBe("active");
    const saleEvent = merchant().events.find((r) => r.event.event_type === "PAYMENT.SALE.COMPLETED")!;
    stack().paypal.events.resend(merchant(), saleEvent.event.id);
    await stack().settled();
    expect((await sales()).filter((s) => s.membership_id === m.id)).toHaveLength(3);
  });

  it("the buyer cancels and resumes through PayPal; nobody else can; the end closes it", async () => {
    const m = (await MembershipEntity.query.byCustomer({ customer_email: "mo.pp@example.com" }).go()).data[0]!;
    const mo = await signInWithRole(stack(), "mo.pp@example.com", "customer");
    const other = await signInWithRole(stack(), "nosy.pp@example.com", "customer");
    const otherCreator = await signInWithRole(stack(), "otto.pp@example.com", "creator");
    const path = `/api/customer/memberships/${m.id}`;
    expect((await call(stack(), "POST", `${path}/cancel`, { cookie: other.cookie })).status).toBe(404);
    expect(
      (await call(stack(), "POST", `/api/memberships/${m.id}/cancel`, { cookie: otherCreator.cookie, body: {} }))
        .status,
    ).toBe(404);
    expect((await call(stack(), "POST", `${path}/cancel`)).status).toBe(401);

    const canceled = await call(stack(), "POST", `${path}/cancel`, { cookie: mo.cookie });
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.json.membership).toMatchObject({
      status: "canceled",
      cancel_at_period_end: true,
      next_amount: null,
    });
    const atPayPal = merchant().subscriptions[m.id]!;
    expect(atPayPal._cycles[1].total_cycles).toBe(2);
    // PayPal's times are whole seconds: the buyer changes their mind in a later one.
    await advance(1);
    const resumed = await call(stack(), "POST", `${path}/resume`, { cookie: mo.cookie });
    expect(resumed.json.membership).toMatchObject({ status: "active", cancel_at_period_end: false });
    expect(atPayPal._cycles[1].total_cycles).toBe(0);
    expect((await call(stack(), "POST", `${path}/cancel`, { cookie: mo.cookie })).status).toBe(200);
    await stack().settled();
    expect((await load(m.id)).status).toBe("canceled");

    await advance(31 * DAY);
    expect(atPayPal.status).toBe("EXPIRED");
    expect((await load(m.id)).status).toBe("ended");
    expect((await call(stack(), "POST", `${path}/resume`, { cookie: mo.cookie })).status).toBe(409);
    expect((await sales()).filter((s) => s.membership_id === m.id)).toHaveLength(3);
  });

  it("the creator ends a member now; a cancel during the trial ends it at once (PayPal has nothing to end later)", async () => {
    const second = (await MembershipEntity.query.byCustomer({ customer_email: "mo2.pp@example.com" }).go()).data[0]!;
    const ended = await call(stack(), "POST", `/api/memberships/${second.id}/cancel`, {
      cookie: pam.cookie,
      body: { at_period_end: false },
    });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.json.membership.status).toBe("ended");
    expect(merchant().subscriptions[second.id]!.status).toBe("CANCELLED");

    const { membership } = await subscribe("tia.pp@example.com");
    const tia = await signInWithRole(stack(), "tia.pp@example.com", "customer");
    const res = await call(stack(), "POST", `/api/customer/memberships/${membership.id}/cancel`, {
      cookie: tia.cookie,
    });
    expect(res.json.membership.status).toBe("ended");
    await stack().settled();
    expect((await ProductEntity.get({ id: productId }).go()).data?.member_count).toBe(0);
  });

  it("failed payments: past_due, then after PayPal's retries Payloft ends it", async () => {
    const { membership } = await subscribe("decline.dan@example.com");
    await advance(8 * DAY);
    expect((await load(membership.id)).status).toBe("past_due");
    await advance(11 * DAY);
    expect(merchant().subscriptions[membership.id]!.status).toBe("CANCELLED");
    expect((await load(membership.id)).status).toBe("ended");
  });
});
