import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceSandboxClock, startReceiver, type Receiver } from "../src/testing/receiver";
import { randomUUID } from "node:crypto";
import { paypalClient, PayPalRequestError } from "@payloft/core/paypal/client";
import { paypalCall } from "@payloft/core/paypal/http";
import { approveLinkOf, paypalBilling, type PayPalBilling } from "@payloft/core/paypal/billing";
import { startPayPalSandbox, type PayPalSandbox } from "../src/paypal-sandbox/index";

/**
 * The PayPal sandbox's Catalog Products and Subscriptions v1, driven by Payloft's own client over
 * HTTP: strict refusals, the hosted approve page, the billing clock's renewals, expiries and
 * failed payments, each delivered as a signed webhook to a real endpoint.
 */
let sandbox: PayPalSandbox;
let receiver: Receiver;
let receiverUrl = "";
const received: { event: any; headers: Record<string, string> }[] = [];
const creds = (id: string) => ({ clientId: id, clientSecret: `${id}-secret`, live: false });
let billing: PayPalBilling;
let webhookId = "";
const SELLER = "seller-subs";

beforeAll(async () => {
  sandbox = await startPayPalSandbox({ port: 0, retryDelaysMs: [100] });
  process.env.PAYPAL_API_URL = sandbox.url;
  receiver = await startReceiver("/hook", (raw, headers) => {
    received.push({ event: JSON.parse(raw), headers: headers as Record<string, string> });
  });
  receiverUrl = receiver.url;
  billing = paypalBilling(creds(SELLER));
  webhookId = (await paypalClient(creds(SELLER)).createWebhook(receiverUrl, ["PAYMENT.CAPTURE.COMPLETED"])).id;
});

afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

const refused = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PayPalRequestError);
  return err as PayPalRequestError;
};
const advance = async (seconds: number) => {
  await advanceSandboxClock(sandbox.url, seconds);
  await sandbox.idle();
};
const events = (subId: string, type: string) =>
  received.filter(
    (r) =>
      r.event.event_type === type && (r.event.resource.id === subId || r.event.resource.billing_agreement_id === subId),
  );
const DAY = 86_400;

const cycles = (trialDays: number, value = "9.00") => [
  ...(trialDays
    ? [
        {
          tenure_type: "TRIAL",
          sequence: 1,
          total_cycles: 1,
          frequency: { interval_unit: "DAY", interval_count: trialDays },
        },
      ]
    : []),
  {
    tenure_type: "REGULAR",
    sequence: trialDays ? 2 : 1,
    total_cycles: 0,
    frequency: { interval_unit: "MONTH", interval_count: 1 },
    pricing_scheme: { fixed_price: { currency_code: "USD", value } },
  },
];

async function subscribe(planId: string, email = "pat@example.com") {
  const customId = `ppm_${randomUUID()}`;
  const s = await billing.createSubscription({
    planId,
    customId,
    brandName: "Payloft",
    returnUrl: "http://shop.test/checkout/success?session_id=x",
    cancelUrl: "http://shop.test/product/p1",
  });
  expect(s.status).toBe("APPROVAL_PENDING");
  const page = await fetch(approveLinkOf(s)!);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Agree &amp; Subscribe");
  const res = await fetch(approveLinkOf(s)!, {
    method: "POST",
    body: new URLSearchParams({ email }),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  expect(back.searchParams.get("subscription_id")).toBe(s.id);
  await sandbox.idle();
  return { ...s, customId };
}

/** A product and a plan billed monthly from approval, suspended after `threshold` failed payments. */
async function monthlyPlan(threshold: number) {
  const productId = `PROD-${randomUUID().slice(0, 8)}`;
  await billing.createProduct({ id: productId, name: "Club" });
  return billing.createPlan(
    {
      product_id: productId,
      name: "m",
      billing_cycles: cycles(0),
      payment_preferences: { payment_failure_threshold: threshold },
    },
    `p-${productId}`,
  );
}

describe("PayPal sandbox: catalog products and plans", () => {
  it("refuses what PayPal refuses, and lists a product's plans", async () => {
    const productId = `PROD-${randomUUID().slice(0, 8)}`;
    expect(
      (await refused(billing.createPlan({ product_id: productId, name: "x", billing_cycles: cycles(0) }, "r1"))).issue,
    ).toBe("INVALID_PRODUCT_ID");
    await billing.createProduct({ id: productId, name: "Community" });
    expect((await billing.getProduct(productId)).name).toBe("Community");
    // A regular cycle without a price, and an infinite trial, are refused.
    const noPrice = cycles(0).map((c) => ({ ...c, pricing_scheme: undefined }));
    expect(
      (await refused(billing.createPlan({ product_id: productId, name: "x", billing_cycles: noPrice }, "r2"))).status,
    ).toBe(400);
    const endless = cycles(7).map((c) => (c.tenure_type === "TRIAL" ? { ...c, total_cycles: 0 } : c));
    expect(
      (await refused(billing.createPlan({ product_id: productId, name: "x", billing_cycles: endless }, "r3"))).issue,
    ).toBe("INVALID_TRIAL_BILLING_TOTAL_CYCLES");
    const plan = await billing.createPlan(
      { product_id: productId, name: "Gold monthly", billing_cycles: cycles(7) },
      "r4",
    );
    expect(plan.status).toBe("ACTIVE");
    expect((await billing.listPlans(productId)).plans.map((p) => p.id)).toEqual([plan.id]);
    await billing.deactivatePlan(plan.id);
    expect((await billing.getPlan(plan.id)).status).toBe("INACTIVE");
    // An inactive plan takes no new subscriber.
    const err = await refused(
      billing.createSubscription({
        planId: plan.id,
        customId: "c1",
        brandName: "P",
        returnUrl: "http://a.test/",
        cancelUrl: "http://a.test/",
      }),
    );
    expect(err.issue).toBe("PLAN_STATUS_INVALID");
  });
});

describe("PayPal sandbox: subscriptions on the billing clock", () => {
  let planId = "";
  beforeAll(async () => {
    const client = paypalClient(creds(SELLER));
    const types = ["BILLING.SUBSCRIPTION.ACTIVATED", "BILLING.SUBSCRIPTION.EXPIRED", "BILLING.SUBSCRIPTION.CANCELLED"];
    const hooks = await client.listWebhooks();
    // An endpoint's event list is replaced in place (PATCH), as an older seller's is brought up to date.
    const res = await fetch(`${sandbox.url}/v1/notifications/webhooks/${hooks[0]!.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${await token()}`, "content-type": "application/json" },
      body: JSON.stringify([
        {
          op: "replace",
          path: "/event_types",
          value: [
            ...types,
            "BILLING.SUBSCRIPTION.SUSPENDED",
            "BILLING.SUBSCRIPTION.RE-ACTIVATED",
            "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
            "PAYMENT.SALE.COMPLETED",
          ].map((name) => ({ name })),
        },
      ]),
    });
    expect(res.status).toBe(200);
    const productId = `PROD-${randomUUID().slice(0, 8)}`;
    await billing.createProduct({ id: productId, name: "Club" });
    planId = (
      await billing.createPlan(
        { product_id: productId, name: "Club monthly", billing_cycles: cycles(7) },
        `p-${productId}`,
      )
    ).id;
  });
  const token = async () => {
    const res = await fetch(`${sandbox.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${SELLER}:${SELLER}-secret`).toString("base64")}` },
      body: "grant_type=client_credentials",
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };

  it("a trial, then a charge per period on the clock, each a signed PAYMENT.SALE.COMPLETED", async () => {
    const s = await subscribe(planId);
    const activated = events(s.id, "BILLING.SUBSCRIPTION.ACTIVATED");
    expect(activated).toHaveLength(1);
    const verified = await paypalClient(creds(SELLER)).verifyWebhookSignature(
      activated[0]!.headers,
      webhookId,
      activated[0]!.event,
    );
    expect(verified).toBe(true);
    let now = await billing.getSubscription(s.id);
    expect(now.status).toBe("ACTIVE");
    expect(now.billing_info?.last_payment).toBeUndefined();
    expect(events(s.id, "PAYMENT.SALE.COMPLETED")).toHaveLength(0);
    await advance(7 * DAY + 31 * DAY + 60);
    const sales = events(s.id, "PAYMENT.SALE.COMPLETED");
    expect(sales).toHaveLength(2);
    const sale = await billing.getSale(sales[0]!.event.resource.id);
    expect(sale).toMatchObject({ state: "completed", amount: { total: "9.00", currency: "USD" }, custom: s.customId });
    now = await billing.getSubscription(s.id);
    expect(now.billing_info?.cycle_executions.map((c) => c.cycles_completed)).toEqual([1, 2]);
    // Set to end at the period's end: fewer cycles than done is refused; as many as done ends it.
    expect((await refused(billing.setTotalCycles(s.id, 2, 1))).issue).toBe("INVALID_BILLING_TOTAL_CYCLES");
    await billing.setTotalCycles(s.id, 2, 2);
    await advance(31 * DAY);
    expect(events(s.id, "PAYMENT.SALE.COMPLETED")).toHaveLength(2);
    expect(events(s.id, "BILLING.SUBSCRIPTION.EXPIRED")).toHaveLength(1);
    expect((await billing.getSubscription(s.id)).status).toBe("EXPIRED");
    expect((await refused(billing.cancelSubscription(s.id, "late"))).issue).toBe("SUBSCRIPTION_STATUS_INVALID");
  });

  it("a declining buyer: each charge fails, is retried, and the plan's threshold suspends it", async () => {
    const plan = await monthlyPlan(2);
    const s = await subscribe(plan.id, "decline.buyer@example.com");
    expect(events(s.id, "BILLING.SUBSCRIPTION.PAYMENT.FAILED")).toHaveLength(1);
    expect((await billing.getSubscription(s.id)).billing_info?.outstanding_balance?.value).toBe("9.00");
    await advance(6 * DAY);
    expect(events(s.id, "BILLING.SUBSCRIPTION.PAYMENT.FAILED")).toHaveLength(2);
    expect(events(s.id, "BILLING.SUBSCRIPTION.SUSPENDED")).toHaveLength(1);
    expect((await billing.getSubscription(s.id)).status).toBe("SUSPENDED");
    await billing.cancelSubscription(s.id, "Payments failed");
    await sandbox.idle();
    expect(events(s.id, "BILLING.SUBSCRIPTION.CANCELLED")).toHaveLength(1);
    expect(events(s.id, "PAYMENT.SALE.COMPLETED")).toHaveLength(0);
  });

  it("the buyer's automatic-payment page: a declining source changes nothing, a good one pays and reactivates", async () => {
    const plan = await monthlyPlan(1);
    const s = await subscribe(plan.id, "decline.fay@example.com");
    expect((await billing.getSubscription(s.id)).status).toBe("SUSPENDED");
    const page = `${sandbox.url}/myaccount/autopay/connect/${s.id}`;
    expect((await fetch(page)).status).toBe(200);
    const save = (funding: string, email = "decline.fay@example.com") =>
      fetch(page, { method: "POST", body: new URLSearchParams({ email, funding }) });
    expect((await save("bank", "someone@example.com")).status).toBe(403);
    expect((await save("declining")).status).toBe(402);
    expect((await save("cash")).status).toBe(400);
    expect((await billing.getSubscription(s.id)).status).toBe("SUSPENDED");
    expect((await save("visa")).status).toBe(200);
    await sandbox.idle();
    const after = await billing.getSubscription(s.id);
    expect(after.status).toBe("ACTIVE");
    expect(after.billing_info?.outstanding_balance?.value).toBe("0.00");
    const mine = received.filter((r) => [r.event.resource.id, r.event.resource.billing_agreement_id].includes(s.id));
    expect(mine.map((r) => r.event.event_type).slice(-2)).toEqual([
      "PAYMENT.SALE.COMPLETED",
      "BILLING.SUBSCRIPTION.RE-ACTIVATED",
    ]);
    // Nothing owed: a subscription the seller suspended stays suspended.
    await paypalCall(creds(SELLER), "POST", `/v1/billing/subscriptions/${s.id}/suspend`, { body: { reason: "Pause" } });
    expect((await save("bank")).status).toBe(200);
    expect((await billing.getSubscription(s.id)).status).toBe("SUSPENDED");
    expect((await fetch(`${sandbox.url}/myaccount/autopay/connect/I-NOSUCH`)).status).toBe(404);
  });

  it("the clock refuses what is not a whole number of seconds", async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/clock/advance`, { method: "POST", body: '{"seconds":-5}' });
    expect(res.status).toBe(400);
  });
});
