import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnSandbox, person, profileWhen } from "./platform-fixtures";

const stack = useStack();

/**
 * Plan changes driven only by the platform's Stripe webhooks, end to end: the sandbox emits
 * signed events to POST /api/webhooks/stripe, which verifies and publishes them; the
 * ApplyPlan subscriber changes the plan. No success-page reconcile is called here.
 */
const platformStripe = async () => (await import("@payloft/core/plan/stripe")).platformStripe();
const stored = async (id: string) =>
  (await (await import("@payloft/core/db/entities")).UserEntity.get({ id }).go({ consistent: true })).data!;

async function subscribe(cookie: string, email: string, plan: string, billing_cycle = "monthly") {
  const res = await call(stack(), "POST", "/api/platform/create-checkout-session", {
    cookie,
    body: { plan, billing_cycle },
  });
  if (!res.json?.url) throw new Error(`checkout: ${res.status} ${res.text}`);
  await payOnSandbox(res.json.url, email);
}

/** Sends an event to the platform webhook signed with its secret, exactly like Stripe. */
async function postSigned(event: unknown, secret = process.env.LOCAL_STRIPE_WEBHOOK_SECRET!) {
  const { signatureHeader } = await import("@payloft/local/stripe-sandbox/index");
  const payload = JSON.stringify(event);
  return fetch(`${stack().url}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signatureHeader(payload, secret) },
    body: payload,
  });
}

describe("webhook-driven plan changes", () => {
  it("checkout → paid plan; upgrade in place; cancel → free; a new subscription → paid again", async () => {
    const { cookie, id } = await person(stack(), "hook-a@example.com");
    await subscribe(cookie, "hook-a@example.com", "pro");
    await profileWhen(stack(), cookie, (p) => p.plan === "pro" && p.onboarding_completed === true);
    const first = (await stored(id)).subscription_id!;
    expect(first).toMatch(/^sub_/);

    const up = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "business", billing_cycle: "monthly" },
    });
    expect(up.json).toEqual({ status: "updating" });
    await profileWhen(stack(), cookie, (p) => p.plan === "business");
    expect((await stored(id)).subscription_id).toBe(first);

    const down = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "free", billing_cycle: "monthly" },
    });
    expect(down.json).toEqual({ status: "updating" });
    await profileWhen(stack(), cookie, (p) => p.plan === "free");
    expect((await (await platformStripe()).subscriptions.retrieve(first)).status).toBe("canceled");

    // Deleted, then recreated: a fresh checkout makes them a paying starter again.
    const again = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "starter", billing_cycle: "yearly" },
    });
    expect(again.json.url).toMatch(/\/pay\//);
    await payOnSandbox(again.json.url, "hook-a@example.com");
    await profileWhen(stack(), cookie, (p) => p.plan === "starter");
    const second = await stored(id);
    expect(second.subscription_id).not.toBe(first);
    expect(second.billing_cycle).toBe("yearly");
  });

  it("renewals that keep failing: past_due first, then free after the retries", async () => {
    const { cookie, id } = await person(stack(), "hook-b@example.com");
    await subscribe(cookie, "hook-b@example.com", "starter");
    await profileWhen(stack(), cookie, (p) => p.plan === "starter");
    const subId = (await stored(id)).subscription_id!;
    const fail = () => fetch(`${stack().stripe.url}/__sandbox/subscriptions/${subId}/fail_payment`, { method: "POST" });
    expect((await fail()).status).toBe(200);
    await stack().settled();
    expect(await stored(id)).toMatchObject({ plan: "starter", subscription_status: "past_due" });
    await fail();
    await fail(); // the third failure exhausts the retries: unpaid, then cancelled
    await profileWhen(stack(), cookie, (p) => p.plan === "free");
  });

  it("a stale, out-of-order event is ignored; a forged one is refused", async () => {
    const { cookie, id } = await person(stack(), "hook-c@example.com");
    await subscribe(cookie, "hook-c@example.com", "pro");
    await profileWhen(stack(), cookie, (p) => p.plan === "pro");
    const user = await stored(id);
    const sub = await (await platformStripe()).subscriptions.retrieve(user.subscription_id!);
    const old = {
      id: "evt_stale_1",
      object: "event",
      type: "customer.subscription.deleted",
      created: user.subscription_event_at! - 60,
      data: { object: { ...sub, status: "canceled" } },
      api_version: "2026-10-28.endive",
      livemode: false,
    };
    const res = await postSigned(old);
    expect(res.status).toBe(200);
    await stack().settled();
    expect((await stored(id)).plan).toBe("pro");

    const forged = await postSigned(
      { ...old, id: "evt_forged", created: user.subscription_event_at! + 60 },
      "whsec_wrong",
    );
    expect(forged.status).toBe(400);
    await stack().settled();
    expect((await stored(id)).plan).toBe("pro");

    // The same event, fresh and properly signed, does apply.
    expect((await postSigned({ ...old, id: "evt_fresh", created: user.subscription_event_at! + 60 })).status).toBe(200);
    await profileWhen(stack(), cookie, (p) => p.plan === "free");
  });

  it("the lifetime deal by webhook gives lifetime", async () => {
    const { cookie } = await person(stack(), "hook-d@example.com");
    const res = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", { cookie, body: {} });
    await payOnSandbox(res.json.url, "hook-d@example.com");
    await profileWhen(stack(), cookie, (p) => p.plan === "lifetime" && p.onboarding_completed === true);
  });

  it("buying lifetime while subscribed stops the subscription and keeps lifetime", async () => {
    const { cookie, id } = await person(stack(), "hook-e@example.com");
    await subscribe(cookie, "hook-e@example.com", "pro");
    await profileWhen(stack(), cookie, (p) => p.plan === "pro");
    const subId = (await stored(id)).subscription_id!;
    const res = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", { cookie, body: {} });
    await payOnSandbox(res.json.url, "hook-e@example.com");
    await profileWhen(stack(), cookie, (p) => p.plan === "lifetime");
    // Settled: the cancellation ApplyPlan asked for and the subscription.deleted it caused are through.
    expect((await (await platformStripe()).subscriptions.retrieve(subId)).status).toBe("canceled");
    expect(await stored(id)).toMatchObject({ plan: "lifetime" });
    expect((await stored(id)).subscription_id).toBeUndefined();
  });
});

describe("plan limits follow the plan", () => {
  const product = (n: number) => ({
    name: `Guide ${n}`,
    price: "9.99",
    content_url: "https://files.example.com/g.pdf",
    media_type: "none",
    media_url: "",
  });

  it("free allows 1 product; after upgrading to starter through the sandbox, two more; then the limit again", async () => {
    const { cookie } = await person(stack(), "limits@example.com");
    await call(stack(), "POST", "/api/platform/create-checkout-session", {
      cookie,
      body: { plan: "free", billing_cycle: "monthly" },
    });
    expect((await call(stack(), "POST", "/api/products", { cookie, body: product(1) })).status).toBe(201);
    const refused = await call(stack(), "POST", "/api/products", { cookie, body: product(2) });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ limit: 1 });
    expect(refused.json.error).toBe(
      "You've reached your plan limit of 1 product(s). Please upgrade your plan to add more products.",
    );

    const up = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "starter", billing_cycle: "monthly" },
    });
    await payOnSandbox(up.json.url, "limits@example.com");
    await profileWhen(stack(), cookie, (p) => p.plan === "starter");
    expect((await call(stack(), "POST", "/api/products", { cookie, body: product(2) })).status).toBe(201);
    expect((await call(stack(), "POST", "/api/products", { cookie, body: product(3) })).status).toBe(201);
    const fourth = await call(stack(), "POST", "/api/products", { cookie, body: product(4) });
    expect(fourth.json).toMatchObject({ limit: 3 });
    const billing = await call(stack(), "GET", "/api/platform/billing", { cookie });
    expect(billing.json).toMatchObject({ plan: "starter", product_count: 3, product_limit: 3 });

    // Back to free: the products stay listed, but no new one until they upgrade.
    await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "free", billing_cycle: "monthly" },
    });
    await profileWhen(stack(), cookie, (p) => p.plan === "free");
    expect((await call(stack(), "GET", "/api/products", { cookie })).json).toHaveLength(3);
    expect((await call(stack(), "POST", "/api/products", { cookie, body: product(5) })).json).toMatchObject({
      limit: 1,
    });
  });
});
