import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { MembershipEntity, ProductEntity } from "@payloft/core/db/entities";
import { stripeClient } from "@payloft/core/payment/stripe";
import { productBody, signInSellingCreator, stripeSecretOf, type Person } from "./actors";
import { advanceClock, subscribeWithCard } from "./memberships";

/**
 * A membership's life from the seller's signed Stripe events: subscribing records the
 * membership and its first sale (nothing charged in the trial), every later charge is a sale
 * tagged renewal, canceling keeps access until the period's end, and the end closes the access
 * link (410) and the licence key (membership_ended). Duplicates and older events change nothing.
 */
const stack = useStack();
const DAY = 86400;
let sam: Person;
let productId: string;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-lifecycle@example.com");
  const made = await call(stack(), "POST", "/api/products", {
    cookie: sam.cookie,
    body: {
      ...productBody("Letters Club"),
      license_keys: true,
      billing: "recurring",
      trial_days: 7,
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "5" }] }],
    },
  });
  if (made.status !== 201) throw new Error(made.text);
  productId = made.json.id;
});

const stripe = () => stripeClient(stripeSecretOf(sam));
const advance = (seconds: number) => advanceClock(stack(), seconds);
const sales = async () =>
  (await call(stack(), "GET", "/api/sales-history", { cookie: sam.cookie })).json.sales as {
    id: string;
    amount: number;
    renewal: boolean;
    charge_kind: string | null;
    membership_id: string | null;
  }[];
const memberCount = async () => (await ProductEntity.get({ id: productId }).go()).data?.member_count ?? 0;

const subscribe = (email: string, card?: string) => subscribeWithCard(stack(), productId, "basic", email, card);

describe("a membership's lifecycle", () => {
  it("subscribes with a trial, renews as sales, and ends access when canceled at the period's end", async () => {
    const { sessionId, membership, success } = await subscribe("mia@example.com");
    expect(membership).toMatchObject({ status: "trialing", tier: "basic", interval: "month", amount: 500 });
    expect(success.purchase).toMatchObject({ amount: 0, currency: "usd" });
    // The success answer says what was subscribed to and when the first charge comes.
    expect(success.membership).toMatchObject({
      id: membership.id,
      tier: "basic",
      interval: "month",
      status: "trialing",
      amount: 500,
      next_amount: 500,
      currency: "usd",
      trial_end: membership.current_period_end,
      trial_days: 7,
    });
    const link: string = success.purchase.access_url;
    const key: string = success.purchase.license_key;
    expect(await memberCount()).toBe(1);
    expect(await sales()).toEqual([expect.objectContaining({ id: sessionId, amount: 0, renewal: false })]);

    // The trial ends: the first charge; a month later the next one. Each is a sale tagged renewal.
    await advance(8 * DAY);
    await advance(31 * DAY);
    const after = await sales();
    expect(after.filter((s) => s.renewal).map((s) => s.amount)).toEqual([500, 500]);
    // Both are new periods (Sales History: "Renewal"), not plan changes; the first sale is neither.
    expect(after.map((s) => s.charge_kind).sort()).toEqual([null, "renewal", "renewal"]);
    expect(after.every((s) => s.membership_id === membership.id)).toBe(true);
    expect((await MembershipEntity.get({ id: membership.id }).go()).data?.status).toBe("active");
    expect((await fetch(link, { redirect: "manual" })).status).toBe(302);

    // Canceled at the period's end: access until then, none after.
    await stripe().subscriptions.update(membership.id, { cancel_at_period_end: true });
    await stack().settled();
    expect((await MembershipEntity.get({ id: membership.id }).go()).data).toMatchObject({
      status: "canceled",
      cancel_at_period_end: true,
    });
    expect((await fetch(link, { redirect: "manual" })).status).toBe(302);
    await advance(31 * DAY);
    expect((await MembershipEntity.get({ id: membership.id }).go()).data?.status).toBe("ended");
    const gone = await fetch(link, { redirect: "manual" });
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("membership of Letters Club has ended");
    const verdict = await call(stack(), "POST", "/api/licenses/verify", {
      body: { product_id: productId, license_key: key },
    });
    expect(verdict.json).toEqual({ valid: false, reason: "membership_ended" });
    expect(await memberCount()).toBe(0);
    expect((await sales()).length).toBe(3);
  });

  it("a failing card goes past_due at the trial's end and ends after the retries", async () => {
    const { membership, success } = await subscribe("pat@example.com", "4000000000000341");
    expect(membership.status).toBe("trialing");
    await advance(8 * DAY);
    expect((await MembershipEntity.get({ id: membership.id }).go()).data?.status).toBe("past_due");
    expect((await fetch(success.purchase.access_url, { redirect: "manual" })).status).toBe(302);
    await advance(20 * DAY);
    expect((await MembershipEntity.get({ id: membership.id }).go()).data?.status).toBe("ended");
    expect((await fetch(success.purchase.access_url, { redirect: "manual" })).status).toBe(410);
  });

  it("ignores duplicate and older events: a late 'canceled' never moves an ended membership back", async () => {
    const ended = (await MembershipEntity.query.byCustomer({ customer_email: "mia@example.com" }).go()).data[0]!;
    const before = await sales();
    const { MembershipCanceled } = await import("@payloft/core/bus/events");
    const { Bus } = await import("@payloft/core/bus/index");
    const late = {
      provider: "stripe" as const,
      provider_event_id: "evt_late",
      occurred_at: ended.provider_time - 100,
      seller_id: sam.id,
      membership_id: ended.id,
      product_id: productId,
      state: {
        status: "canceled" as const,
        current_period_end: ended.provider_time + 1000,
        cancel_at_period_end: true,
        amount: 500,
        currency: "usd",
        tier: "basic",
        interval: "month" as const,
      },
      charge: { ref: before.find((s) => s.renewal)!.id, amount: 500, currency: "usd", renewal: true },
    };
    await Bus.publishAll([{ def: MembershipCanceled, properties: late }]);
    await Bus.publishAll([{ def: MembershipCanceled, properties: { ...late, occurred_at: ended.provider_time + 5 } }]);
    await stack().settled();
    expect((await MembershipEntity.get({ id: ended.id }).go()).data?.status).toBe("ended");
    expect(await sales()).toEqual(before);
  });
});
