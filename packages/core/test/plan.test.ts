import { describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";

const stack = useStack();

/** Plan table figures and the webhook-driven plan state machine, against DynamoDB Local. */
async function load() {
  stack();
  const plan = await import("../src/plan/index");
  const prices = await import("../src/plan/prices");
  const { User } = await import("../src/user/index");
  const { CounterEntity, UserEntity } = await import("../src/db/entities");
  return { ...plan, ...prices, User, CounterEntity, UserEntity };
}

let n = 0;
async function newCreator(planId: "free" | "starter" | "pro" | "business" = "free") {
  const { User } = await load();
  const u = await User.create({
    email: `plan-${++n}-${Date.now()}@test.local`,
    name: `Creator ${n}`,
    role: "creator",
    plan: planId,
  });
  return u.id;
}

/** A platform Stripe event through the same translation and application as the webhook → bus → ApplyPlan path. */
async function applyStripe(stripeEvent: never) {
  const { translatePlatformEvent } = await import("../src/payment/stripe-platform-events");
  const plan = await import("../src/plan/events");
  for (const { def, properties } of await translatePlatformEvent(stripeEvent)) {
    const p = def.schema.parse(properties) as never;
    if (def.type === "plan.checkout_completed") await plan.applyCheckoutCompleted(p);
    else if (def.type === "subscription.changed") await plan.applySubscriptionChanged(p);
    else if (def.type === "subscription.payment_failed") await plan.applyPaymentFailed(p);
  }
}

/** The record Payloft keeps for a platform checkout it created. */
async function recordCheckout(sessionId: string, userId: string, plan: string, billing_cycle: string) {
  const { CheckoutEntity } = await import("../src/db/entities");
  await CheckoutEntity.create({ session_id: sessionId, kind: "plan", user_id: userId, plan, billing_cycle }).go();
}

async function stored(id: string) {
  const { UserEntity } = await load();
  return (await UserEntity.get({ id }).go({ consistent: true })).data!;
}

async function planUsers() {
  const { CounterEntity } = await load();
  const c = (await CounterEntity.get({ scope: "platform" }).go({ consistent: true })).data;
  return { free: 0, starter: 0, pro: 0, business: 0, lifetime: 0, ...(c?.plan_users ?? {}) };
}

const T0 = 1_800_000_000;
let evt = 0;
function event(type: string, object: Record<string, unknown>, created: number) {
  return { id: `evt_${++evt}`, object: "event", type, created, data: { object } } as never;
}
function sub(id: string, userId: string, status: string, plan: string, extra: Record<string, unknown> = {}) {
  const amounts: Record<string, number> = { starter: 900, pro: 1900, business: 3500 };
  return {
    id,
    object: "subscription",
    status,
    customer: "cus_1",
    metadata: { kind: "plan", user_id: userId, plan, billing_cycle: "monthly" },
    items: {
      data: [
        { id: `si_${id}`, price: { unit_amount: amounts[plan], recurring: { interval: "month" }, product: "prod_1" } },
      ],
    },
    ...extra,
  };
}

describe("plan table", () => {
  it("yearly totals are the yearly monthly-equivalent x 12, rounded to whole dollars", async () => {
    const { PLANS, yearlyTotal, cyclePrice, planFromPrice } = await load();
    expect(yearlyTotal(PLANS.starter)).toBe(8600); // 7.20 x 12 = 86.40
    expect(yearlyTotal(PLANS.pro)).toBe(18200); // 15.20 x 12 = 182.40
    expect(yearlyTotal(PLANS.business)).toBe(33600);
    expect(cyclePrice("pro", "monthly")).toEqual({ unit_amount: 1900, recurring: { interval: "month" } });
    expect(cyclePrice("pro", "yearly")).toEqual({ unit_amount: 18200, recurring: { interval: "year" } });
    expect(planFromPrice(3500, "month")).toBe("business");
    expect(planFromPrice(8600, "year")).toBe("starter");
    expect(planFromPrice(1234, "month")).toBeUndefined();
  });

  it("limits come from the table; unknown stored plans count as free", async () => {
    const { productLimitFor, planOf } = await load();
    expect(productLimitFor({ plan: "free", email: "a@x.y" })).toBe(1);
    expect(productLimitFor({ plan: "starter", email: "a@x.y" })).toBe(3);
    expect(productLimitFor({ plan: "pro", email: "a@x.y" })).toBe(10);
    expect(productLimitFor({ plan: "business", email: "a@x.y" })).toBeNull();
    expect(productLimitFor({ plan: "lifetime", email: "a@x.y" })).toBeNull();
    expect(productLimitFor({ plan: "starter", email: "a@x.y", is_admin: true })).toBeNull();
    expect(planOf("null").id).toBe("free");
    expect(planOf(null).id).toBe("free");
    expect(planOf("gold").id).toBe("free");
  });
});

describe("platform Stripe events → plan changes", () => {
  it("created → paid plan, replay changes nothing, counters move once", async () => {
    const id = await newCreator();
    const before = await planUsers();
    const created = event("customer.subscription.created", sub("sub_a1", id, "trialing", "pro"), T0);
    await applyStripe(created);
    await applyStripe(created);
    const u = await stored(id);
    expect(u).toMatchObject({
      plan: "pro",
      subscription_id: "sub_a1",
      subscription_status: "trialing",
      stripe_customer_id: "cus_1",
      billing_cycle: "monthly",
    });
    const after = await planUsers();
    expect(after.free).toBe(before.free - 1);
    expect(after.pro).toBe(before.pro + 1);
  });

  it("updated upgrades; an older event arriving late is ignored", async () => {
    const id = await newCreator();
    await applyStripe(event("customer.subscription.created", sub("sub_b1", id, "trialing", "starter"), T0));
    await applyStripe(event("customer.subscription.updated", sub("sub_b1", id, "active", "business"), T0 + 20));
    expect((await stored(id)).plan).toBe("business");
    // A retried delivery of an earlier update (pro) must not undo the newer business.
    await applyStripe(event("customer.subscription.updated", sub("sub_b1", id, "active", "pro"), T0 + 10));
    expect((await stored(id)).plan).toBe("business");
  });

  it("the plan falls back to the price when the metadata has none", async () => {
    const id = await newCreator();
    const s = sub("sub_p1", id, "active", "pro");
    s.metadata = { user_id: id } as never;
    await applyStripe(event("customer.subscription.created", s, T0));
    expect((await stored(id)).plan).toBe("pro");
  });

  it("deleted → free only for the current subscription; deleted then recreated → paid again", async () => {
    const id = await newCreator();
    await applyStripe(event("customer.subscription.created", sub("sub_c1", id, "active", "pro"), T0));
    await applyStripe(event("customer.subscription.deleted", sub("sub_other", id, "canceled", "pro"), T0 + 1));
    expect((await stored(id)).plan).toBe("pro");
    const before = await planUsers();
    await applyStripe(event("customer.subscription.deleted", sub("sub_c1", id, "canceled", "pro"), T0 + 2));
    let u = await stored(id);
    expect(u.plan).toBe("free");
    expect(u.subscription_id).toBeUndefined();
    expect((await planUsers()).pro).toBe(before.pro - 1);
    // The old subscription's late "updated active" cannot bring the plan back.
    await applyStripe(event("customer.subscription.updated", sub("sub_c1", id, "active", "pro"), T0 + 1));
    expect((await stored(id)).plan).toBe("free");
    await applyStripe(event("customer.subscription.created", sub("sub_c2", id, "trialing", "starter"), T0 + 3));
    u = await stored(id);
    expect(u).toMatchObject({ plan: "starter", subscription_id: "sub_c2" });
  });

  it("payment failed → past_due keeps the plan; unpaid after retries → free", async () => {
    const id = await newCreator();
    await applyStripe(event("customer.subscription.created", sub("sub_d1", id, "active", "pro"), T0));
    const invoice = {
      id: "in_1",
      object: "invoice",
      parent: { subscription_details: { subscription: "sub_d1", metadata: { user_id: id } } },
    };
    await applyStripe(event("invoice.payment_failed", invoice, T0 + 1));
    expect(await stored(id)).toMatchObject({ plan: "pro", subscription_status: "past_due" });
    await applyStripe(event("customer.subscription.updated", sub("sub_d1", id, "unpaid", "pro"), T0 + 2));
    expect(await stored(id)).toMatchObject({ plan: "free", subscription_status: "unpaid" });
  });

  it("lifetime checkout sets lifetime, and later subscription news cannot take it away", async () => {
    const id = await newCreator();
    const session = {
      id: "cs_l1",
      object: "checkout.session",
      status: "complete",
      mode: "payment",
      customer: "cus_9",
      subscription: null,
      metadata: { kind: "lifetime", user_id: id },
    };
    await recordCheckout("cs_l1", id, "lifetime", "lifetime");
    await applyStripe(event("checkout.session.completed", session, T0));
    expect(await stored(id)).toMatchObject({ plan: "lifetime", onboarding_completed: true, billing_cycle: "lifetime" });
    await applyStripe(event("customer.subscription.updated", sub("sub_e1", id, "active", "pro"), T0 + 5));
    expect((await stored(id)).plan).toBe("lifetime");
  });

  it("checkout.session.completed (plan) sets plan, subscription and onboarding", async () => {
    const id = await newCreator();
    const session = {
      id: "cs_p1",
      object: "checkout.session",
      status: "complete",
      mode: "subscription",
      customer: "cus_7",
      subscription: "sub_f1",
      metadata: { kind: "plan", user_id: id, plan: "pro", billing_cycle: "yearly" },
    };
    await recordCheckout("cs_p1", id, "pro", "yearly");
    await applyStripe(event("checkout.session.completed", session, T0));
    expect(await stored(id)).toMatchObject({
      plan: "pro",
      billing_cycle: "yearly",
      subscription_id: "sub_f1",
      stripe_customer_id: "cus_7",
      onboarding_completed: true,
    });
  });

  it("a completed platform checkout that Payloft did not create changes nothing, whatever its metadata says", async () => {
    const id = await newCreator();
    const session = {
      id: "cs_foreign_1",
      object: "checkout.session",
      status: "complete",
      mode: "payment",
      customer: "cus_8",
      subscription: null,
      metadata: { kind: "lifetime", user_id: id },
    };
    await applyStripe(event("checkout.session.completed", session, T0));
    expect(await stored(id)).toMatchObject({ plan: "free" });
  });

  it("concurrent events for many people keep the per-plan counters exact", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => newCreator()));
    const before = await planUsers();
    await Promise.all(
      ids.flatMap((id, i) => [
        applyStripe(event("customer.subscription.created", sub(`sub_g${i}`, id, "trialing", "starter"), T0)),
        applyStripe(event("customer.subscription.updated", sub(`sub_g${i}`, id, "active", "business"), T0 + 1)),
      ]),
    );
    for (const id of ids) expect((await stored(id)).plan).toBe("business");
    const after = await planUsers();
    expect(after.free).toBe(before.free - 4);
    expect(after.starter).toBe(before.starter);
    expect(after.business).toBe(before.business + 4);
  });

  it("setPlan (admin) moves the counters too", async () => {
    const { Billing } = await load();
    const id = await newCreator();
    const before = await planUsers();
    await Billing.setPlan(id, "pro");
    const after = await planUsers();
    expect((await stored(id)).plan).toBe("pro");
    expect([after.free, after.pro]).toEqual([before.free - 1, before.pro + 1]);
  });
});
