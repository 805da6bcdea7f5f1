import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { settle } from "@payloft/local/stripe-sandbox/testing";
import { payOnSandbox, person, profileWhen, sessionIdOf } from "./platform-fixtures";

/**
 * Upgrades keep the billing cycle the member chose: a yearly Pro member who upgrades (in
 * Billing without naming a cycle, or from the pricing page whose toggle starts on monthly)
 * stays yearly, and Stripe is asked to prorate. Checked on the sandbox's own subscription,
 * its proration items and invoices.
 */
const stack = useStack();
const platformStripe = async () => (await import("@payloft/core/plan/stripe")).platformStripe();
let member: { cookie: string; id: string };
let subId = "";

async function subscription() {
  return (await platformStripe()).subscriptions.retrieve(subId);
}
async function pendingProrations() {
  const sub = await subscription();
  const items = await (await platformStripe()).invoiceItems.list({ customer: String(sub.customer), pending: true });
  return items.data.filter((i) => i.proration);
}

beforeAll(async () => {
  member = await person(stack(), "yara.yearly@example.com", { name: "Yara Yearly" });
  const started = await call(stack(), "POST", "/api/platform/create-checkout-session", {
    cookie: member.cookie,
    body: { plan: "pro", billing_cycle: "yearly" },
  });
  const success = await payOnSandbox(started.json.url, "yara.yearly@example.com");
  await call(stack(), "GET", `/api/platform/subscription-success?session_id=${sessionIdOf(success)}`, {
    cookie: member.cookie,
  });
  const { UserEntity } = await import("@payloft/core/db/entities");
  subId = (await UserEntity.get({ id: member.id }).go()).data!.subscription_id!;
  // The trial is over: from now on a change has money to prorate.
  await (await platformStripe()).subscriptions.update(subId, { trial_end: "now" });
  await settle(stack());
  expect((await subscription()).status).toBe("active");
});

describe("changing plan keeps the member's billing cycle", () => {
  it("Billing → Upgrade without a cycle: yearly Business at the yearly price, prorated, same period", async () => {
    const periodEnd = (await subscription()).items.data[0]!.current_period_end;
    const res = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie: member.cookie,
      body: { plan: "business" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "updating" });
    const sub = await subscription();
    expect(sub.items.data).toHaveLength(1);
    expect(sub.items.data[0]!.price).toMatchObject({ unit_amount: 33600, recurring: { interval: "year" } });
    expect(sub.items.data[0]!.current_period_end).toBe(periodEnd);
    expect(sub.metadata).toMatchObject({ plan: "business", billing_cycle: "yearly" });
    // Proration was requested: the unused Pro year is credited, the rest of the year charged at Business.
    const prorations = await pendingProrations();
    expect(prorations.map((i) => i.amount).sort((a, b) => a - b)).toEqual([-18200, 33600]);

    await settle(stack());
    const billing = await call(stack(), "GET", "/api/platform/billing", { cookie: member.cookie });
    expect(billing.json).toMatchObject({ plan: "business", billing_cycle: "yearly", price: 33600 });
  });

  it("the pricing page's Get Started (toggle on monthly) changes the plan, not the cycle", async () => {
    const res = await call(stack(), "POST", "/api/platform/create-checkout-session", {
      cookie: member.cookie,
      body: { plan: "pro", billing_cycle: "monthly" },
    });
    expect(res.status).toBe(200);
    expect(res.json.url).toBe(`${stack().url}/onboarding-success?session_id=${subId}`);
    const sub = await subscription();
    expect(sub.items.data[0]!.price).toMatchObject({ unit_amount: 18200, recurring: { interval: "year" } });
    expect(sub.metadata).toMatchObject({ plan: "pro", billing_cycle: "yearly" });
    await profileWhen(stack(), member.cookie, (p) => p.plan === "pro");
    const billing = await call(stack(), "GET", "/api/platform/billing", { cookie: member.cookie });
    expect(billing.json).toMatchObject({ plan: "pro", billing_cycle: "yearly", price: 18200 });
  });

  it("an explicit switch to monthly in Billing moves the cycle: a new period, invoiced now with the unused year credited", async () => {
    const res = await call(stack(), "POST", "/api/platform/change-plan", {
      cookie: member.cookie,
      body: { plan: "pro", billing_cycle: "monthly" },
    });
    expect(res.json).toEqual({ status: "updating" });
    const sub = await subscription();
    expect(sub.items.data[0]!.price).toMatchObject({ unit_amount: 1900, recurring: { interval: "month" } });
    const invoice = await (await platformStripe()).invoices.retrieve(String(sub.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: "subscription_update", status: "paid", amount_due: 0 });
    await settle(stack());
    const billing = await call(stack(), "GET", "/api/platform/billing", { cookie: member.cookie });
    expect(billing.json).toMatchObject({ plan: "pro", billing_cycle: "monthly", price: 1900 });
  });
});
