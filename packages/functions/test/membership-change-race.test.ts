import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { sandboxEvents } from "@payloft/local/stripe-sandbox/testing";
import { signInSellingCreator, signInWithRole, type Person } from "./actors";
import { useHookReceiver } from "./hook-receiver";
import { recurringProduct, subscribe } from "./memberships";

/**
 * A member changes plan twice at once (two browser tabs): two POST /api/customer/memberships/{id}/change
 * with different plans, started together. Whatever the interleaving, each answer is a 200 or a 409
 * sentence (never a 500), and afterwards Stripe's subscription, the stored membership and the
 * creator's MRR say the same plan; each change Stripe made was invoiced (prorated) once and
 * announced (membership.changed) once, and a refused change changed nothing. A change and a
 * cancel together end with Stripe and the stored membership agreeing on plan and cancellation.
 */
const stack = useStack();
const hook = useHookReceiver();
let sam: Person;
let mia: Person;
let membershipId: string;

const PRICES: Record<string, number> = { "basic/month": 500, "basic/year": 5000, "pro/month": 1200, "max/month": 2000 };
const MONTHS: Record<string, number> = { month: 1, year: 12 };

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-race@example.com");
  mia = await signInWithRole(stack(), "mia-race@example.com", "customer");
  const endpoint = await call(stack(), "POST", "/api/webhook-endpoints", {
    cookie: sam.cookie,
    body: { url: hook.url(), events: ["membership.changed"] },
  });
  if (endpoint.status !== 201) throw new Error(endpoint.text);
  const productId = await recurringProduct(stack(), sam, "Race Club", {
    tiers: [
      {
        id: "basic",
        name: "Basic",
        prices: [
          { interval: "month", amount: "5" },
          { interval: "year", amount: "50" },
        ],
      },
      { id: "pro", name: "Pro", prices: [{ interval: "month", amount: "12" }] },
      { id: "max", name: "Max", prices: [{ interval: "month", amount: "20" }] },
    ],
  });
  ({ id: membershipId } = await subscribe(stack(), mia, productId, "basic", "month"));
});

const change = (plan: { tier: string; interval: string }) =>
  call(stack(), "POST", `/api/customer/memberships/${membershipId}/change`, { cookie: mia.cookie, body: plan });
const mine = async () =>
  (await call(stack(), "GET", "/api/customer/memberships", { cookie: mia.cookie })).json.memberships[0];

/** The subscription as Stripe (the sandbox) holds it, and the plan changes it made and invoiced. */
function atStripe() {
  const account = [...stack().stripe.store.accounts.values()].find((a) => a.objects[membershipId])!;
  const sub = account.objects[membershipId]!;
  const price = sub.items.data[0].price;
  const changes = sandboxEvents(stack(), membershipId).filter(
    (r) => r.event.type === "customer.subscription.updated" && "items" in (r.event.data.previous_attributes ?? {}),
  );
  const invoices = Object.values(account.objects).filter(
    (o) =>
      o.object === "invoice" &&
      o.billing_reason === "subscription_update" &&
      o.parent?.subscription_details?.subscription === membershipId,
  );
  return {
    plan: `${price.metadata.tier}/${price.metadata.interval}`,
    amount: price.unit_amount as number,
    changes: changes.length,
    invoices,
  };
}

const changedNotices = () => hook.received.filter((r) => r.event.type === "membership.changed");
const mrr = async () =>
  (await call(stack(), "GET", "/api/dashboard/stats", { cookie: sam.cookie })).json.stats.mrr_by_currency.usd;

async function bothAtOnce(a: { tier: string; interval: string }, b: { tier: string; interval: string }) {
  const before = { stripe: atStripe(), notices: changedNotices().length };
  const answers = await Promise.all([change(a), change(b)]);
  for (const res of answers) {
    // A clear answer either way: the change made, or a sentence saying why not.
    expect([200, 409], res.text).toContain(res.status);
    if (res.status === 409) expect(res.json.error).toMatch(/\w+ \w+/);
  }
  // A 200 shows the plan its own request asked for (never the other tab's).
  answers.forEach((res, i) => {
    if (res.status === 200) expect(res.json.membership).toMatchObject([a, b][i]!);
  });
  const won = answers.filter((r) => r.status === 200);
  expect(won.length, "at least one of the two changes is made").toBeGreaterThan(0);
  await stack().settled();
  const after = atStripe();
  const made = after.changes - before.stripe.changes;
  // Each 200 is one change Stripe made; a 409 changed nothing there.
  expect(made).toBe(won.length);
  // Each change invoiced its proration once, no more.
  expect(after.invoices.length - before.stripe.invoices.length).toBe(made);
  // Stripe, the stored membership and the creator's MRR tell the same plan.
  const [tier, interval] = after.plan.split("/") as [string, string];
  expect(after.amount).toBe(PRICES[after.plan]);
  const stored = await mine();
  expect(stored).toMatchObject({ tier, interval, amount: after.amount, next_amount: after.amount, status: "active" });
  // The last answer that made a change is not older than what is stored; the plan is one of those asked.
  expect(won.map((r) => `${r.json.membership.tier}/${r.json.membership.interval}`)).toContain(after.plan);
  const monthly = await whenSettled(
    stack(),
    "MRR of the plan Stripe has",
    mrr,
    (v) => v === Math.round(after.amount / MONTHS[interval]!),
  );
  expect(monthly).toBe(Math.round(after.amount / MONTHS[interval]!));
  // One membership.changed per change made.
  expect(changedNotices().length - before.notices).toBe(made);
  return { answers, plan: after.plan };
}

describe("two changes of plan at once", () => {
  it("basic monthly to yearly and to pro monthly, together: one plan everywhere, each change charged once", async () => {
    await bothAtOnce({ tier: "basic", interval: "year" }, { tier: "pro", interval: "month" });
  });

  // The interleaving is the runtime's to choose: ten more pairs, each from where the last one ended.
  it.each(Array.from({ length: 10 }, (_, i) => i + 1))("pair %i, from the plan Stripe has then", async () => {
    const [a, b] = Object.keys(PRICES)
      .filter((p) => p !== atStripe().plan)
      .map((p) => ({ tier: p.split("/")[0]!, interval: p.split("/")[1]! }));
    await bothAtOnce(a!, b!);
  });

  it("the same plan asked twice at once: made once, the other answer says why not", async () => {
    const target =
      atStripe().plan === "pro/month" ? { tier: "max", interval: "month" } : { tier: "pro", interval: "month" };
    const before = { stripe: atStripe(), notices: changedNotices().length };
    const answers = await Promise.all([change(target), change(target)]);
    // The second is either refused while the first is under way (409) or finds the plan made (400).
    const [won, lost] = answers[0]!.status === 200 ? answers : [answers[1]!, answers[0]!];
    expect(won!.status, won!.text).toBe(200);
    expect([400, 409], lost!.text).toContain(lost!.status);
    expect(lost!.json.error).toMatch(/under way|already on/);
    await stack().settled();
    const after = atStripe();
    expect(after.changes - before.stripe.changes).toBe(1);
    expect(after.invoices.length - before.stripe.invoices.length).toBe(1);
    expect(after.plan).toBe(`${target.tier}/${target.interval}`);
    expect(await mine()).toMatchObject({ ...target, amount: PRICES[after.plan] });
    await whenSettled(stack(), "one notice", changedNotices, (l) => l.length === before.notices + 1);
  });
});

describe("a change of plan and a cancel at once", () => {
  const cancel = () =>
    call(stack(), "POST", `/api/customer/memberships/${membershipId}/cancel`, { cookie: mia.cookie });
  const resume = () =>
    call(stack(), "POST", `/api/customer/memberships/${membershipId}/resume`, { cookie: mia.cookie });

  it.each(Array.from({ length: 4 }, (_, i) => i + 1))("pair %i: Stripe and the stored membership agree", async () => {
    if ((await mine()).cancel_at_period_end) expect((await resume()).status).toBe(200);
    await stack().settled();
    const [tier, interval] = Object.keys(PRICES)
      .find((p) => p !== atStripe().plan)!
      .split("/") as [string, string];
    const answers = await Promise.all([change({ tier, interval }), cancel()]);
    for (const res of answers) {
      // A change after the cancel is refused with a sentence (resume first); never a 500.
      expect([200, 400, 409], res.text).toContain(res.status);
      if (res.status !== 200) expect(res.json.error).toMatch(/\w+ \w+/);
    }
    await stack().settled();
    const account = [...stack().stripe.store.accounts.values()].find((a) => a.objects[membershipId])!;
    const sub = account.objects[membershipId]!;
    const after = atStripe();
    const [t, i] = after.plan.split("/") as [string, string];
    expect(await mine()).toMatchObject({
      tier: t,
      interval: i,
      amount: after.amount,
      cancel_at_period_end: !!sub.cancel_at_period_end,
      status: sub.cancel_at_period_end ? "canceled" : "active",
    });
  });
});
