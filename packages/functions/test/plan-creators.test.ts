import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody } from "./actors";
import { person } from "./platform-fixtures";

/**
 * Plans are for creators (rule: Plans are for creators): a customer cannot start a plan or lifetime checkout
 * until they start selling, and a seller who has products or a plan switches to buying only
 * after confirming, keeping both.
 */
const stack = useStack();
const CREATORS_ONLY =
  "Plans are for creators. Start selling first: switch your account to a creator account, then choose your plan.";

const sandboxSessions = () =>
  [...stack().stripe.store.accounts.values()].flatMap((a) =>
    Object.values(a.objects).filter((o) => o.object === "checkout.session"),
  ).length;

describe("plan checkouts refuse customers", () => {
  it("403 for a customer on both checkout calls, nothing started; after 'start selling' the checkout opens", async () => {
    const { cookie } = await person(stack(), "cleo.customer@example.com", { role: "customer" });
    const before = sandboxSessions();
    const plan = await call(stack(), "POST", "/api/platform/create-checkout-session", {
      cookie,
      body: { plan: "pro", billing_cycle: "monthly", customer_name: "Cleo" },
    });
    expect(plan.status).toBe(403);
    expect(plan.json).toMatchObject({ error: CREATORS_ONLY, code: "plan.creators_only" });
    const free = await call(stack(), "POST", "/api/platform/create-checkout-session", {
      cookie,
      body: { plan: "free", billing_cycle: "monthly" },
    });
    expect(free.status).toBe(403);
    const lifetime = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", { cookie, body: {} });
    expect(lifetime.status).toBe(403);
    expect(lifetime.json.error).toBe(CREATORS_ONLY);
    expect(sandboxSessions()).toBe(before);
    expect((await call(stack(), "GET", "/api/profile", { cookie })).json).toMatchObject({
      role: "customer",
      plan: "free",
    });

    const sell = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "creator" } });
    expect(sell.status).toBe(200);
    expect(sell.json.role).toBe("creator");
    const started = await call(stack(), "POST", "/api/platform/create-checkout-session", {
      cookie,
      body: { plan: "pro", billing_cycle: "monthly" },
    });
    expect(started.status).toBe(200);
    expect(started.json.url).toMatch(/\/pay\/cs_test_/);
  });
});

describe("a seller switching to buying", () => {
  it("with products: 409 with what they keep until confirmed; then customer, products and plan kept", async () => {
    const { cookie, id } = await person(stack(), "sid.seller@example.com");
    const made = await call(stack(), "POST", "/api/products", { cookie, body: productBody("Sid's Sketches") });
    expect(made.status).toBe(201);
    const productId = made.json.id as string;

    const refused = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "customer" } });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: "role.confirm_switch",
      error:
        "You have 1 product. Switching to buying keeps everything as it is (your products stay on sale and your plan " +
        "is unchanged), and you can return to selling at any time. Please confirm the switch.",
    });
    expect((await call(stack(), "GET", "/api/profile", { cookie })).json.role).toBe("creator");

    const bad = await call(stack(), "POST", "/api/profile/role", {
      cookie,
      body: { role: "customer", confirm: "yes" },
    });
    expect(bad.status).toBe(400);

    const ok = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "customer", confirm: true } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ role: "customer", total_products: 1 });
    const { ProductEntity, UserEntity } = await import("@payloft/core/db/entities");
    expect((await ProductEntity.get({ id: productId }).go()).data).toMatchObject({ creator_id: id, is_active: true });
    expect((await call(stack(), "GET", `/api/public/products/${productId}`)).json.is_active).toBe(true);
    expect((await UserEntity.get({ id }).go()).data).toMatchObject({ role: "customer", product_count: 1 });

    // Back to selling: everything is where it was, no confirmation needed that way.
    const back = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "creator" } });
    expect(back.status).toBe(200);
    const list = await call(stack(), "GET", "/api/products", { cookie });
    expect(list.json.map((p: { id: string }) => p.id)).toEqual([productId]);
  });

  it("with a plan but no products: 409 naming the plan; the plan survives the confirmed switch", async () => {
    const { cookie, id } = await person(stack(), "pat.planned@example.com");
    const { Billing } = await import("@payloft/core/plan/index");
    await Billing.setPlan(id, "starter");
    const refused = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "customer" } });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/^You have the Starter plan\. Switching to buying keeps everything/);
    const ok = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "customer", confirm: true } });
    expect(ok.json).toMatchObject({ role: "customer", plan: "starter" });
  });

  it("with nothing to lose: switches at once", async () => {
    const { cookie } = await person(stack(), "nell.new@example.com");
    const res = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "customer" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ role: "customer", onboarding_completed: true });
  });
});
