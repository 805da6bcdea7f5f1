import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnSandbox, person, sessionIdOf } from "./platform-fixtures";

const stack = useStack();

/** Platform billing calls (the creator's own plan subscription): every answer and error text, against the sandbox. */
const platformStripe = async () => (await import("@payloft/core/plan/stripe")).platformStripe();
const checkout = (cookie: string | undefined, body: unknown) =>
  call(stack(), "POST", "/api/platform/create-checkout-session", { cookie, body });

describe("POST /api/platform/create-checkout-session", () => {
  it("needs a signed-in person with a role", async () => {
    expect((await checkout(undefined, { plan: "pro", billing_cycle: "monthly" })).status).toBe(401);
    const { cookie } = await person(stack(), "norole@example.com", { role: null });
    const res = await checkout(cookie, { plan: "pro", billing_cycle: "monthly", customer_name: "No Role" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Choose how you want to use Payloft (sell or buy) before picking a plan.");
  });

  it.each([
    [{ plan: "gold", billing_cycle: "monthly" }, "Invalid plan selected"],
    [{ plan: "PRO", billing_cycle: "monthly" }, "Invalid plan selected"],
    [{ billing_cycle: "monthly" }, "Invalid plan selected"],
    [{ plan: 7, billing_cycle: "monthly" }, "Invalid plan selected"],
    [{ plan: "pro", billing_cycle: "weekly" }, "billing_cycle must be 'monthly' or 'yearly'."],
  ])("refuses %j with a 400", async (body, error) => {
    const { cookie } = await person(stack(), `bad-${Math.random()}@example.com`);
    const res = await checkout(cookie, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(error);
  });

  it("free completes onboarding without a payment", async () => {
    const { cookie } = await person(stack(), "free@example.com", { name: "Fran Free" });
    const res = await checkout(cookie, { plan: "free", billing_cycle: "monthly", customer_name: "Fran Free" });
    expect(res.status).toBe(200);
    expect(res.json.url).toBe(`${stack().url}/onboarding-success?session_id=free`);
    const profile = (await call(stack(), "GET", "/api/profile", { cookie })).json;
    expect(profile).toMatchObject({ plan: "free", onboarding_completed: true });
    const ok = await call(stack(), "GET", "/api/platform/subscription-success?session_id=free", { cookie });
    expect(ok.json).toEqual({ plan: "free", customer_name: "Fran Free" });
  });

  it("a paid plan is a Stripe subscription checkout with the trial, at the table's yearly price", async () => {
    const { cookie, id } = await person(stack(), "paula@example.com", { name: "Paula Pro" });
    const res = await checkout(cookie, { plan: "pro", billing_cycle: "yearly", customer_name: "Paula Pro" });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/\/pay\/cs_test_/);
    const sessionId = res.json.url.split("/pay/")[1];
    const session = await (await platformStripe()).checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
    expect(session).toMatchObject({
      mode: "subscription",
      customer_email: "paula@example.com",
      metadata: { kind: "plan", user_id: id, plan: "pro", billing_cycle: "yearly" },
      success_url: `${stack().url}/onboarding-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${stack().url}/onboarding`,
    });
    expect(session.line_items!.data[0]!.price).toMatchObject({ unit_amount: 18200, recurring: { interval: "year" } });
    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    expect((await CheckoutEntity.get({ session_id: sessionId }).go()).data).toMatchObject({
      kind: "plan",
      user_id: id,
      plan: "pro",
      billing_cycle: "yearly",
    });

    // Paying, then the success page: it reconciles even before any webhook is applied.
    const success = await payOnSandbox(res.json.url, "paula@example.com");
    expect(success).toMatch(/\/onboarding-success\?session_id=cs_test_/);
    const ok = await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionIdOf(success)}`, {
      cookie,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ plan: "pro", customer_name: "Paula Pro" });
    const profile = (await call(stack(), "GET", "/api/profile", { cookie })).json;
    expect(profile).toMatchObject({ plan: "pro", onboarding_completed: true });
    const { UserEntity } = await import("@payloft/core/db/entities");
    const user = (await UserEntity.get({ id }).go()).data!;
    const sub = await (await platformStripe()).subscriptions.retrieve(user.subscription_id!);
    expect(sub).toMatchObject({
      status: "trialing",
      metadata: { kind: "plan", user_id: id, plan: "pro", billing_cycle: "yearly" },
    });
    expect(sub.trial_end! - sub.trial_start!).toBe(14 * 86400);
  });

  it("monthly uses the monthly price", async () => {
    const { cookie } = await person(stack(), "sam@example.com");
    const res = await checkout(cookie, { plan: "starter", billing_cycle: "monthly" });
    const session = await (
      await platformStripe()
    ).checkout.sessions.retrieve(res.json.url.split("/pay/")[1], { expand: ["line_items"] });
    expect(session.line_items!.data[0]!.price).toMatchObject({ unit_amount: 900, recurring: { interval: "month" } });
  });

  it("customer_name: the profile name wins; a typed name fills a profile that has none", async () => {
    const named = await person(stack(), "named@example.com", { name: "Ann Real" });
    await checkout(named.cookie, { plan: "free", billing_cycle: "monthly", customer_name: "Someone Else" });
    expect((await call(stack(), "GET", "/api/profile", { cookie: named.cookie })).json.name).toBe("Ann Real");

    const { cookie, id } = await person(stack(), "nameless@example.com");
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id }).set({ name: "" }).go();
    const res = await checkout(cookie, { plan: "free", billing_cycle: "monthly", customer_name: "  Nora Typed " });
    expect(res.status).toBe(200);
    expect((await call(stack(), "GET", "/api/profile", { cookie })).json.name).toBe("Nora Typed");
    const ok = await call(stack(), "GET", "/api/platform/subscription-success?session_id=free", { cookie });
    expect(ok.json.customer_name).toBe("Nora Typed");
  });

  it("answers 502 'Failed to create checkout session' when Stripe fails", async () => {
    const { cookie } = await person(stack(), "down@example.com");
    const saved = process.env.STRIPE_API_URL;
    process.env.STRIPE_API_URL = "http://127.0.0.1:9"; // nothing listens there
    try {
      const res = await checkout(cookie, { plan: "business", billing_cycle: "monthly" });
      expect(res.status).toBe(502);
      expect(res.json.error).toBe("Failed to create checkout session");
    } finally {
      process.env.STRIPE_API_URL = saved;
    }
  });
});

describe("POST /api/platform/create-lifetime-checkout", () => {
  it("is a one-time $199 payment that grants lifetime", async () => {
    expect((await call(stack(), "POST", "/api/platform/create-lifetime-checkout", { body: {} })).status).toBe(401);
    const { cookie, id } = await person(stack(), "lifer@example.com", { name: "Liv Lifetime" });
    const res = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", {
      cookie,
      body: { customer_name: "Liv Lifetime" },
    });
    expect(res.status).toBe(200);
    const sessionId = res.json.url.split("/pay/")[1];
    const session = await (await platformStripe()).checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 19900,
      metadata: { kind: "lifetime", user_id: id },
      cancel_url: `${stack().url}/secret-lifetime-deal`,
    });
    const success = await payOnSandbox(res.json.url, "lifer@example.com");
    const ok = await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionIdOf(success)}`, {
      cookie,
    });
    expect(ok.json).toEqual({ plan: "lifetime", customer_name: "Liv Lifetime" });
    expect((await call(stack(), "GET", "/api/profile", { cookie })).json).toMatchObject({
      plan: "lifetime",
      onboarding_completed: true,
    });
    const again = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", { cookie, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("You already have lifetime access.");
  });

  it("the lifetime plan id on create-checkout-session takes the same path", async () => {
    const { cookie } = await person(stack(), "lifer2@example.com");
    const res = await checkout(cookie, { plan: "lifetime", billing_cycle: "lifetime" });
    expect(res.status).toBe(200);
    const session = await (await platformStripe()).checkout.sessions.retrieve(res.json.url.split("/pay/")[1]);
    expect(session).toMatchObject({ mode: "payment", amount_total: 19900 });
  });
});

describe("GET /api/platform/subscription-success", () => {
  it("refuses a missing id, an unknown id, someone else's session and an unpaid session", async () => {
    const a = await person(stack(), "succ-a@example.com");
    const b = await person(stack(), "succ-b@example.com");
    const missing = await call(stack(), "GET", "/api/platform/subscription-success", { cookie: a.cookie });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("session_id is missing from the address.");
    const unknown = await call(stack(), "GET", "/api/platform/subscription-success?session_id=cs_test_nope", {
      cookie: a.cookie,
    });
    expect(unknown.status).toBe(404);
    const started = await checkout(a.cookie, { plan: "pro", billing_cycle: "monthly" });
    const sessionId = started.json.url.split("/pay/")[1];
    const unpaid = await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionId}`, {
      cookie: a.cookie,
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.json.error).toBe("This checkout has not been completed yet.");
    const other = await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionId}`, {
      cookie: b.cookie,
    });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("We could not find this subscription checkout.");
  });
});

describe("POST /api/platform/change-plan", () => {
  it("is for creators, validates the plan, and sends someone without a subscription to checkout", async () => {
    const buyer = await person(stack(), "buyer-cp@example.com", { role: "customer" });
    expect(
      (
        await call(stack(), "POST", "/api/platform/change-plan", {
          cookie: buyer.cookie,
          body: { plan: "pro", billing_cycle: "monthly" },
        })
      ).status,
    ).toBe(403);
    const { cookie } = await person(stack(), "cp@example.com");
    const bad = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "lifetime", billing_cycle: "monthly" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Invalid plan selected");
    const same = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "free", billing_cycle: "monthly" },
    });
    expect(same.status).toBe(400);
    expect(same.json.error).toBe("You are already on the Free plan.");
    const res = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "starter", billing_cycle: "yearly" },
    });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/\/pay\/cs_test_/);
  });

  it("changes the running subscription in place (prorated), never a second one", async () => {
    const { cookie, id } = await person(stack(), "switch@example.com");
    const started = await checkout(cookie, { plan: "starter", billing_cycle: "monthly" });
    const success = await payOnSandbox(started.json.url, "switch@example.com");
    await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionIdOf(success)}`, { cookie });
    const { UserEntity } = await import("@payloft/core/db/entities");
    const subId = (await UserEntity.get({ id }).go()).data!.subscription_id!;
    const res = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie,
      body: { plan: "business", billing_cycle: "yearly" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "updating" });
    const sub = await (await platformStripe()).subscriptions.retrieve(subId);
    expect(sub.metadata).toMatchObject({ plan: "business", billing_cycle: "yearly", user_id: id });
    expect(sub.items.data).toHaveLength(1);
    expect(sub.items.data[0]!.price).toMatchObject({ unit_amount: 33600, recurring: { interval: "year" } });
    // Choosing a plan again from the pricing page also changes this subscription.
    const again = await checkout(cookie, { plan: "pro", billing_cycle: "monthly" });
    expect(again.json.url).toBe(`${stack().url}/onboarding-success?session_id=${subId}`);
    expect((await (await platformStripe()).subscriptions.retrieve(subId)).metadata.plan).toBe("pro");
    const list = await (await platformStripe()).checkout.sessions.list({ customer: sub.customer as string });
    expect(list.data.filter((s) => s.status === "complete")).toHaveLength(1);
  });
});

describe("GET /api/platform/billing", () => {
  it("shows the current plan, its price per cycle and the product count against the limit", async () => {
    const { cookie } = await person(stack(), "billing@example.com");
    const free = await call(stack(), "GET", "/api/platform/billing", { cookie });
    expect(free.status).toBe(200);
    expect(free.json).toEqual({
      plan: "free",
      plan_source: null,
      billing_cycle: "monthly",
      price: 0,
      subscription_status: null,
      has_subscription: false,
      product_count: 0,
      product_limit: 1,
    });
    const started = await checkout(cookie, { plan: "pro", billing_cycle: "yearly" });
    const success = await payOnSandbox(started.json.url, "billing@example.com");
    await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionIdOf(success)}`, { cookie });
    const pro = await call(stack(), "GET", "/api/platform/billing", { cookie });
    expect(pro.json).toMatchObject({
      plan: "pro",
      billing_cycle: "yearly",
      price: 18200,
      has_subscription: true,
      product_limit: 10,
    });
  });
});
