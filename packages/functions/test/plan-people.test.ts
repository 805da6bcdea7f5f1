import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { settle } from "@payloft/local/stripe-sandbox/testing";
import { signInAdmin, type Person } from "./actors";
import { payOnSandbox, person, profileWhen, sessionIdOf } from "./platform-fixtures";

/**
 * A paying creator's platform subscription follows what admins do to the account, checked
 * on the sandbox's own subscription: delete cancels now, deactivate ends it at the period end,
 * reactivation (within the period) undoes that. An admin's "set plan" is a grant: recorded as
 * plan_source admin, never billed ($0 in Billing), and not overwritten by subscription webhooks.
 */
const stack = useStack();
const platformStripe = async () => (await import("@payloft/core/plan/stripe")).platformStripe();
let admin: Person;

beforeAll(async () => {
  admin = await signInAdmin(stack());
});

/** A creator paying for `plan` monthly: checkout, the hosted page, the success page. */
async function payingCreator(email: string, plan = "pro") {
  const who = await person(stack(), email);
  const started = await call(stack(), "POST", "/api/platform/create-checkout-session", {
    cookie: who.cookie,
    body: { plan, billing_cycle: "monthly" },
  });
  const success = await payOnSandbox(started.json.url, email);
  await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionIdOf(success)}`, {
    cookie: who.cookie,
  });
  await settle(stack());
  const { UserEntity } = await import("@payloft/core/db/entities");
  const subscriptionId = (await UserEntity.get({ id: who.id }).go()).data!.subscription_id!;
  expect(subscriptionId).toMatch(/^sub_/);
  return { ...who, subscriptionId };
}

const subscription = async (id: string) => (await platformStripe()).subscriptions.retrieve(id);
const adminPut = (path: string, body?: unknown) => call(stack(), "PUT", path, { cookie: admin.cookie, body });
const stored = async (id: string) => {
  const { UserEntity } = await import("@payloft/core/db/entities");
  return (await UserEntity.get({ id }).go()).data!;
};

describe("deleting or deactivating a paying creator", () => {
  it("delete cancels the subscription now; its deletion webhook for the gone account is dropped quietly", async () => {
    const c = await payingCreator("dee.deleted@example.com");
    const dead = stack().bus.deadLetters.length;
    const res = await call(stack(), "DELETE", `/api/admin/users/${c.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await subscription(c.subscriptionId)).status).toBe("canceled");
    await settle(stack());
    expect(stack().bus.deadLetters.length).toBe(dead);
  });

  it("deactivate sets cancel_at_period_end; reactivation within the period undoes it", async () => {
    const c = await payingCreator("dan.deactivated@example.com");
    expect((await adminPut(`/api/admin/users/${c.id}/deactivate`)).status).toBe(200);
    const ending = await subscription(c.subscriptionId);
    expect(ending).toMatchObject({ status: "trialing", cancel_at_period_end: true });
    await settle(stack());
    expect(await stored(c.id)).toMatchObject({ deactivated: true, plan: "pro", cancel_set_by_deactivation: true });

    expect((await adminPut(`/api/admin/users/${c.id}/reactivate`)).status).toBe(200);
    expect((await subscription(c.subscriptionId)).cancel_at_period_end).toBe(false);
    const back = await stored(c.id);
    expect(back).toMatchObject({ deactivated: false, plan: "pro" });
    expect(back.cancel_set_by_deactivation).toBeUndefined();
  });

  it("reactivation after the period ended leaves the subscription to end", async () => {
    const c = await payingCreator("pia.past@example.com");
    await adminPut(`/api/admin/users/${c.id}/deactivate`);
    // The period ran out while the account was deactivated (Stripe would end it now).
    const account = [...stack().stripe.store.accounts.values()].find((a) => a.objects[c.subscriptionId])!;
    account.objects[c.subscriptionId]!.items.data[0].current_period_end = Math.floor(Date.now() / 1000) - 60;
    expect((await adminPut(`/api/admin/users/${c.id}/reactivate`)).status).toBe(200);
    expect((await subscription(c.subscriptionId)).cancel_at_period_end).toBe(true);
  });

  it("a provider failure answers 502 and changes nothing, so the admin can press again", async () => {
    const c = await payingCreator("fritz.flaky@example.com");
    const saved = process.env.STRIPE_API_URL;
    process.env.STRIPE_API_URL = "http://127.0.0.1:9"; // nothing listens there
    try {
      const res = await adminPut(`/api/admin/users/${c.id}/deactivate`);
      expect(res.status).toBe(502);
      expect(res.json.error).toBe(
        "We could not stop this person's subscription at the payment provider, so nothing was changed. Please try again.",
      );
      const del = await call(stack(), "DELETE", `/api/admin/users/${c.id}`, { cookie: admin.cookie });
      expect(del.status).toBe(502);
    } finally {
      process.env.STRIPE_API_URL = saved;
    }
    expect(await stored(c.id)).toMatchObject({ deactivated: false, plan: "pro" });
    expect((await subscription(c.subscriptionId)).cancel_at_period_end).toBe(false);
  });
});

describe("admin set plan is a grant", () => {
  it("a free creator: plan_source admin, nothing at the provider, Billing shows $0", async () => {
    const c = await person(stack(), "gina.granted@example.com");
    const objects = () =>
      [...stack().stripe.store.accounts.values()].reduce((n, a) => n + Object.keys(a.objects).length, 0);
    const before = objects();
    const res = await adminPut(`/api/admin/users/${c.id}/plan`, { plan: "business" });
    expect(res.status).toBe(200);
    expect(res.json.user.plan).toBe("business");
    expect(await stored(c.id)).toMatchObject({ plan: "business", plan_source: "admin" });
    expect(objects()).toBe(before);
    const billing = await call(stack(), "GET", "/api/platform/billing", { cookie: c.cookie });
    expect(billing.json).toMatchObject({
      plan: "business",
      plan_source: "admin",
      price: 0,
      has_subscription: false,
      product_limit: null,
    });
  });

  it("a paying subscriber: the subscription ends at period end and its webhooks never take the grant away", async () => {
    const c = await payingCreator("sam.subscriber@example.com", "starter");
    const res = await adminPut(`/api/admin/users/${c.id}/plan`, { plan: "business" });
    expect(res.status).toBe(200);
    expect((await subscription(c.subscriptionId)).cancel_at_period_end).toBe(true);
    await settle(stack());
    expect(await stored(c.id)).toMatchObject({ plan: "business", plan_source: "admin" });

    // Later news about the old subscription (a plan edit at Stripe, then its end) changes no plan.
    await (await platformStripe()).subscriptions.update(c.subscriptionId, { metadata: { plan: "pro" } });
    await settle(stack());
    expect((await stored(c.id)).plan).toBe("business");
    await (await platformStripe()).subscriptions.cancel(c.subscriptionId);
    await settle(stack());
    const after = await stored(c.id);
    expect(after).toMatchObject({ plan: "business", plan_source: "admin", subscription_status: "canceled" });
    expect(after.subscription_id).toBeUndefined();
    const billing = await call(stack(), "GET", "/api/platform/billing", { cookie: c.cookie });
    expect(billing.json).toMatchObject({ plan: "business", price: 0, has_subscription: false });

    // Choosing to pay again is the person's own decision: a fresh checkout replaces the grant.
    const change = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie: c.cookie,
      body: { plan: "pro", billing_cycle: "monthly" },
    });
    expect(change.json.url).toMatch(/\/pay\/cs_test_/);
    await payOnSandbox(change.json.url, "sam.subscriber@example.com");
    await profileWhen(stack(), c.cookie, (p) => p.plan === "pro");
    expect((await stored(c.id)).plan_source).toBe("subscription");
    const paid = await call(stack(), "GET", "/api/platform/billing", { cookie: c.cookie });
    expect(paid.json).toMatchObject({ plan: "pro", price: 1900, has_subscription: true });
  });

  it("a lifetime member's plan is not changed by an admin (409)", async () => {
    const c = await person(stack(), "lou.lifetime@example.com");
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id: c.id }).set({ plan: "lifetime", plan_source: "lifetime" }).go();
    const res = await adminPut(`/api/admin/users/${c.id}/plan`, { plan: "starter" });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("This person bought lifetime access, so their plan cannot be changed here.");
    expect((await stored(c.id)).plan).toBe("lifetime");
  });
});
