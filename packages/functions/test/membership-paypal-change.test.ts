import { beforeAll, describe, expect, it } from "vitest";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import { connectPayPal, paypalMerchant } from "@payloft/local/testing/payment";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { MembershipEntity, UserEntity } from "@payloft/core/db/entities";
import { productBody, signInWithRole, type Person } from "./actors";
import { useHookReceiver } from "./hook-receiver";

/**
 * A PayPal member changes plan: Payloft revises the subscription to the new tier/interval's plan
 * on the seller's app (Subscriptions v1 revise) and answers PayPal's approval page; nothing
 * changes until the buyer agrees there; PayPal's BILLING.SUBSCRIPTION.UPDATED then changes the
 * membership once, and the new price is charged from the next billing cycle (no proration).
 */
const stack = useStack();
const hook = useHookReceiver();
const DAY = 86400;
const APP = "petra-pp-change";
let petra: Person;
let productId: string;

const merchant = () => paypalMerchant(stack(), APP);
const load = async (id: string) => (await MembershipEntity.get({ id }).go({ consistent: true })).data!;

beforeAll(async () => {
  petra = await signInWithRole(stack(), "petra.pp-change@example.com", "creator");
  await connectPayPal(stack(), petra, APP, "petra-secret");
  // Outgoing webhooks are a Business plan feature: the seller's endpoint hears membership.changed.
  await UserEntity.patch({ id: petra.id }).set({ plan: "business" }).go();
  const endpoint = await call(stack(), "POST", "/api/webhook-endpoints", {
    cookie: petra.cookie,
    body: { url: hook.url(), events: ["membership.changed"] },
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  const made = await call(stack(), "POST", "/api/products", {
    cookie: petra.cookie,
    body: {
      ...productBody("Bird Notes"),
      billing: "recurring",
      tiers: [
        {
          id: "basic",
          name: "Basic",
          prices: [
            { interval: "month", amount: "6" },
            { interval: "year", amount: "60" },
          ],
        },
      ],
    },
  });
  expect(made.status, made.text).toBe(201);
  productId = made.json.id;
});

async function subscribeMonthly(email: string) {
  const res = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId, tier: "basic", interval: "month" },
  });
  expect(res.status, res.text).toBe(200);
  const approved = await fetch(res.json.url, {
    method: "POST",
    body: new URLSearchParams({ email }),
    redirect: "manual",
  });
  expect(approved.status).toBe(303);
  const back = new URL(approved.headers.get("location")!);
  expect((await call(stack(), "GET", `/api/checkout/success${back.search}`)).status).toBe(200);
  return (await whenSettled(
    stack(),
    "membership",
    async () => (await MembershipEntity.query.byCustomer({ customer_email: email }).go()).data[0],
    (m) => !!m,
  ))!;
}

describe("changing plan on PayPal", () => {
  it("monthly → yearly: PayPal's approval page, nothing before the buyer agrees, once after, the new price next cycle", async () => {
    const m = await subscribeMonthly("pia.pp-change@example.com");
    expect(m).toMatchObject({ provider: "paypal", status: "active", interval: "month", amount: 600 });
    const pia = await signInWithRole(stack(), "pia.pp-change@example.com", "customer");
    const other = await signInWithRole(stack(), "nosy.pp-change@example.com", "customer");
    const path = `/api/customer/memberships/${m.id}/change`;
    const yearly = { tier: "basic", interval: "year" };

    expect((await call(stack(), "POST", path, { body: yearly })).status).toBe(401);
    expect((await call(stack(), "POST", path, { cookie: other.cookie, body: yearly })).status).toBe(404);
    const same = await call(stack(), "POST", path, { cookie: pia.cookie, body: { tier: "basic", interval: "month" } });
    expect([same.status, same.json.code]).toEqual([400, "membership.same_plan"]);
    expect(
      (await call(stack(), "POST", path, { cookie: pia.cookie, body: { tier: "gold", interval: "year" } })).status,
    ).toBe(400);

    const changed = await call(stack(), "POST", path, { cookie: pia.cookie, body: yearly });
    expect(changed.status, changed.text).toBe(200);
    const approve = new URL(changed.json.url);
    expect(`${approve.origin}${approve.pathname}`).toBe(`${stack().paypal.url}/webapps/billing/subscriptions/update`);
    const atPayPal = merchant().subscriptions[m.id]!;
    const yearPlan = Object.values(merchant().plans).find((p) => p.description?.startsWith("payloft:basic:year:"))!;
    expect(yearPlan.billing_cycles[0].pricing_scheme.fixed_price).toEqual({ currency_code: "USD", value: "60.00" });
    // Until the buyer agrees on PayPal's page, PayPal bills the old plan and nothing changed here.
    await stack().settled();
    expect(atPayPal.plan_id).not.toBe(yearPlan.id);
    expect(await load(m.id)).toMatchObject({ interval: "month", amount: 600 });
    const changes = () => hook.received.filter((r) => r.event.type === "membership.changed");
    expect(changes()).toHaveLength(0);

    const page = await fetch(approve);
    expect(await page.text()).toContain("Agree &amp; Change");
    const agreed = await fetch(approve, { method: "POST", redirect: "manual" });
    expect(agreed.status).toBe(303);
    const back = new URL(agreed.headers.get("location")!);
    expect(`${back.pathname}${back.search}`).toMatch(/^\/customer-dashboard\?tab=memberships&subscription_id=/);
    expect(atPayPal.plan_id).toBe(yearPlan.id);
    const after = await whenSettled(
      stack(),
      "membership changed",
      () => load(m.id),
      (x) => x.interval === "year",
    );
    expect(after).toMatchObject({ tier: "basic", interval: "year", amount: 6000, status: "active" });
    const told = await whenSettled(stack(), "membership.changed", changes, (l) => l.length > 0);
    expect(told[0]!.event.data.membership).toMatchObject({ id: m.id, interval: "year", amount: 6000 });
    // The current month stays as paid: the period does not move and nothing is charged now.
    expect(after.current_period_end).toBe(m.current_period_end);
    const list = await call(stack(), "GET", "/api/customer/memberships", { cookie: pia.cookie });
    expect(list.json.memberships.find((x: { id: string }) => x.id === m.id)).toMatchObject({
      interval: "year",
      next_amount: 6000,
    });

    // PayPal delivers the event again: nothing changes twice.
    const updated = merchant().events.filter((r) => r.event.event_type === "BILLING.SUBSCRIPTION.UPDATED");
    expect(updated).toHaveLength(1);
    stack().paypal.events.resend(merchant(), updated[0]!.event.id);
    await stack().settled();
    const { updated_at: _, ...unchanged } = after;
    expect(await load(m.id)).toMatchObject(unchanged);
    expect(changes()).toHaveLength(1);
    // The approval page is spent.
    expect((await fetch(approve, { method: "POST", redirect: "manual" })).status).toBe(404);

    // The next billing time charges the yearly price, and the period after it is a year.
    await advanceSandboxClock(stack().paypal.url, 31 * DAY);
    await stack().settled();
    const sales = (await call(stack(), "GET", "/api/sales-history", { cookie: petra.cookie })).json.sales as {
      amount: number;
      membership_id: string | null;
    }[];
    expect(
      sales
        .filter((s) => s.membership_id === m.id)
        .map((s) => s.amount)
        .sort((a, b) => a - b),
    ).toEqual([600, 6000]);
    const renewed = await load(m.id);
    expect(Date.parse(renewed.current_period_end) - Date.parse(after.current_period_end)).toBeGreaterThan(
      360 * DAY * 1000,
    );
  });
});
