import { beforeAll, describe, expect, it } from "vitest";
import { connectPayPal, paypalMerchant } from "@payloft/local/testing/payment";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { MembershipEntity, UserEntity } from "@payloft/core/db/entities";
import { productBody, signInWithRole, type Person } from "./actors";
import { useHookReceiver } from "./hook-receiver";

/**
 * A PayPal member asks for two plan changes at once (two tabs). On PayPal a change is a revision
 * the buyer approves on PayPal's page; nothing changes before that. Whatever the interleaving,
 * both answers are clear (the page, or a 409 sentence), the plan PayPal bills after the buyer's
 * approvals is the one stored (tier, interval, next amount) and in the creator's MRR, each
 * approval that changed the plan is one membership.changed, and PayPal's UPDATED events delivered
 * again, older ones last, take nothing back.
 */
const stack = useStack();
const hook = useHookReceiver();
const APP = "rosa-pp-race";
let rosa: Person;
let productId: string;

const merchant = () => paypalMerchant(stack(), APP);
const load = async (id: string) => (await MembershipEntity.get({ id }).go({ consistent: true })).data!;
const changes = () => hook.received.filter((r) => r.event.type === "membership.changed");
const mrr = async () =>
  (await call(stack(), "GET", "/api/dashboard/stats", { cookie: rosa.cookie })).json.stats.mrr_by_currency.usd;
/** The tier/interval of a sandbox plan, from the description Payloft gives its plans (`payloft:<tier>:<interval>:…`). */
const planOf = (planId: string) => {
  const [, tier, interval] = String(merchant().plans[planId]!.description).split(":");
  return { tier: tier!, interval: interval! };
};
const PRICES: Record<string, number> = { "basic/month": 600, "basic/year": 6000, "pro/month": 1200 };
const MONTHS: Record<string, number> = { month: 1, year: 12 };

beforeAll(async () => {
  rosa = await signInWithRole(stack(), "rosa.pp-race@example.com", "creator");
  await connectPayPal(stack(), rosa, APP, "rosa-secret");
  await UserEntity.patch({ id: rosa.id }).set({ plan: "business" }).go();
  const endpoint = await call(stack(), "POST", "/api/webhook-endpoints", {
    cookie: rosa.cookie,
    body: { url: hook.url(), events: ["membership.changed"] },
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  const made = await call(stack(), "POST", "/api/products", {
    cookie: rosa.cookie,
    body: {
      ...productBody("Moth Notes"),
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
        { id: "pro", name: "Pro", prices: [{ interval: "month", amount: "12" }] },
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

describe("two PayPal plan changes at once", () => {
  it("the plan the buyer last approved at PayPal is the one stored, counted and announced once", async () => {
    const m = await subscribeMonthly("remy.pp-race@example.com");
    const remy = await signInWithRole(stack(), "remy.pp-race@example.com", "customer");
    const path = `/api/customer/memberships/${m.id}/change`;
    const asked = [
      { tier: "basic", interval: "year" },
      { tier: "pro", interval: "month" },
    ];
    const answers = await Promise.all(asked.map((body) => call(stack(), "POST", path, { cookie: remy.cookie, body })));
    for (const res of answers) {
      expect([200, 409], res.text).toContain(res.status);
      if (res.status === 409) expect(res.json.error).toMatch(/\w+ \w+/);
    }
    const pages = answers.filter((r) => r.status === 200).map((r) => r.json.url as string);
    expect(pages.length).toBeGreaterThan(0);
    // Nothing changes before the buyer approves.
    await stack().settled();
    expect(await load(m.id)).toMatchObject({ tier: "basic", interval: "month", amount: 600 });
    expect(changes()).toHaveLength(0);

    // The buyer agrees on every page they were given, one tab after the other.
    let approvals = 0;
    for (const page of pages) {
      const agreed = await fetch(page, { method: "POST", redirect: "manual" });
      // A revision PayPal no longer holds (a later one replaced it) cannot be approved.
      expect([303, 404]).toContain(agreed.status);
      if (agreed.status === 303) approvals++;
      await stack().settled();
    }
    expect(approvals).toBeGreaterThan(0);
    const billed = planOf(merchant().subscriptions[m.id]!.plan_id);
    expect(asked).toContainEqual(billed);
    const amount = PRICES[`${billed.tier}/${billed.interval}`]!;
    expect(await load(m.id)).toMatchObject({ ...billed, amount, status: "active" });
    const listed = await call(stack(), "GET", "/api/customer/memberships", { cookie: remy.cookie });
    expect(listed.json.memberships.find((x: { id: string }) => x.id === m.id)).toMatchObject({
      ...billed,
      next_amount: amount,
    });
    expect(await mrr()).toBe(Math.round(amount / MONTHS[billed.interval]!));
    expect(changes()).toHaveLength(approvals);

    // PayPal delivers its UPDATED events again, the oldest last: the plan stays the one billed.
    const updated = merchant().events.filter(
      (r) => r.event.event_type === "BILLING.SUBSCRIPTION.UPDATED" && r.event.resource.id === m.id,
    );
    expect(updated).toHaveLength(approvals);
    for (const r of [...updated].reverse()) stack().paypal.events.resend(merchant(), r.event.id);
    await stack().settled();
    expect(await load(m.id)).toMatchObject({ ...billed, amount });
    expect(changes()).toHaveLength(approvals);
  });
});
