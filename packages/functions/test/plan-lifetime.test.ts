import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnSandbox, person, sessionIdOf } from "./platform-fixtures";

/**
 * Lifetime (rule: Lifetime deal): a member who paid $199 once never starts a subscription, is never
 * downgraded by choosing Free, and Billing shows Lifetime. The membership is bought for real
 * on the sandbox's hosted page.
 */
const stack = useStack();
const LIFETIME_MEMBER = "You have lifetime access: everything is already included, so there is no plan to choose.";
let member: { cookie: string; id: string };

const sandboxSessions = () =>
  [...stack().stripe.store.accounts.values()].flatMap((a) =>
    Object.values(a.objects).filter((o) => o.object === "checkout.session"),
  ).length;

beforeAll(async () => {
  member = await person(stack(), "lena.lifetime@example.com", { name: "Lena Lifetime" });
  const started = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", {
    cookie: member.cookie,
    body: { customer_name: "Lena Lifetime" },
  });
  const success = await payOnSandbox(started.json.url, "lena.lifetime@example.com");
  const ok = await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionIdOf(success)}`, {
    cookie: member.cookie,
  });
  expect(ok.json.plan).toBe("lifetime");
});

describe("a lifetime member", () => {
  it.each(["starter", "pro", "business"])(
    "cannot start a %s subscription checkout (409, nothing at the provider)",
    async (plan) => {
      const before = sandboxSessions();
      for (const billing_cycle of ["monthly", "yearly"]) {
        const res = await call(stack(), "POST", "/api/platform/create-checkout-session", {
          cookie: member.cookie,
          body: { plan, billing_cycle, customer_name: "Lena Lifetime" },
        });
        expect(res.status).toBe(409);
        expect(res.json).toMatchObject({ error: LIFETIME_MEMBER, code: "plan.lifetime_member" });
      }
      expect(sandboxSessions()).toBe(before);
    },
  );

  it("is not downgraded by choosing Free, on the pricing call or in Billing", async () => {
    const free = await call(stack(), "POST", "/api/platform/create-checkout-session", {
      cookie: member.cookie,
      body: { plan: "free", billing_cycle: "monthly" },
    });
    expect(free.status).toBe(409);
    expect(free.json.error).toBe(LIFETIME_MEMBER);
    const change = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie: member.cookie,
      body: { plan: "free" },
    });
    expect(change.status).toBe(409);
    const { UserEntity } = await import("@payloft/core/db/entities");
    expect((await UserEntity.get({ id: member.id }).go()).data).toMatchObject({ plan: "lifetime" });
    expect((await call(stack(), "GET", "/api/profile", { cookie: member.cookie })).json.plan).toBe("lifetime");
  });

  it("cannot buy lifetime twice", async () => {
    const again = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", {
      cookie: member.cookie,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("You already have lifetime access.");
  });

  it("sees Lifetime in Billing: paid once, unlimited products, no subscription", async () => {
    const billing = await call(stack(), "GET", "/api/platform/billing", { cookie: member.cookie });
    expect(billing.json).toMatchObject({
      plan: "lifetime",
      billing_cycle: "lifetime",
      price: 19900,
      has_subscription: false,
      product_limit: null,
    });
  });
});
