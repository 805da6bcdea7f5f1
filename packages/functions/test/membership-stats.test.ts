import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { signInSellingCreator, signInWithRole, type Person } from "./actors";
import { advanceClock, recurringProduct, subscribe } from "./memberships";

/**
 * The creator's membership figures on GET /api/dashboard/stats, folded from the memberships'
 * own writes (core/src/tally): MRR per currency (a year's price as a month's), active and
 * trialing members, and those that ended in the last 30 days. Each is another creator's zero.
 */
const stack = useStack();
let sam: Person;
let bob: Person;
let yearly: string;

const stats = async (who: Person) =>
  (await call(stack(), "GET", "/api/dashboard/stats", { cookie: who.cookie })).json.stats;

/** The figures once the fold has caught up with what `want` expects. */
const statsWhen = (who: Person, what: string, want: (s: Record<string, unknown>) => boolean) =>
  whenSettled(stack(), what, () => stats(who), want);

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-stats@example.com");
  bob = await signInSellingCreator(stack(), "bob-stats@example.com");
  const mia = await signInWithRole(stack(), "mia-stats@example.com", "customer");
  const cara = await signInWithRole(stack(), "cara-stats@example.com", "customer");
  const letters = await recurringProduct(stack(), sam, "Year Letters", {
    tiers: [{ id: "pro", name: "Pro", prices: [{ interval: "year", amount: "90" }] }],
  });
  const club = await recurringProduct(stack(), sam, "Trial Club", {
    trial_days: 7,
    tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "5" }] }],
  });
  yearly = (await subscribe(stack(), mia, letters, "pro", "year")).id;
  await subscribe(stack(), cara, club, "basic", "month");
});

describe("membership figures on GET /api/dashboard/stats", () => {
  it("count MRR per currency (a year as twelve months), active and trialing members", async () => {
    const s = await statsWhen(sam, "two members counted", (s) => s.active_members === 1 && s.trialing_members === 1);
    expect(s).toMatchObject({
      mrr_by_currency: { usd: 750 },
      active_members: 1,
      trialing_members: 1,
      churned_members_30d: 0,
    });
    expect(await stats(bob)).toMatchObject({
      mrr_by_currency: {},
      active_members: 0,
      trialing_members: 0,
      churned_members_30d: 0,
    });
  });

  it("a membership set to end keeps its member but leaves MRR; its end is churn", async () => {
    const later = await call(stack(), "POST", `/api/memberships/${yearly}/cancel`, {
      cookie: sam.cookie,
      body: { at_period_end: true },
    });
    expect(later.status, later.text).toBe(200);
    const canceled = await statsWhen(
      sam,
      "MRR without the canceled one",
      (s) => JSON.stringify(s.mrr_by_currency) === "{}",
    );
    expect(canceled).toMatchObject({ mrr_by_currency: {}, active_members: 1, trialing_members: 1 });
    const now = await call(stack(), "POST", `/api/memberships/${yearly}/cancel`, {
      cookie: sam.cookie,
      body: { at_period_end: false },
    });
    expect(now.status, now.text).toBe(200);
    const ended = await statsWhen(sam, "the end counted", (s) => s.churned_members_30d === 1);
    expect(ended).toMatchObject({
      mrr_by_currency: {},
      active_members: 0,
      trialing_members: 1,
      churned_members_30d: 1,
    });
    // Stripe's own events about the same changes arrive too: nothing is counted twice.
    await stack().settled();
    expect(await stats(sam)).toMatchObject({ active_members: 0, trialing_members: 1, churned_members_30d: 1 });
  });
});

describe("npm run recount and memberships", () => {
  it("agrees with the folded figures, and puts back a member figure edited by hand", async () => {
    await stack().settled();
    const { Recount } = await import("@payloft/core/recount/index");
    expect((await Recount.run({ creatorId: sam.id })).differences).toEqual([]);
    const { CounterEntity } = await import("@payloft/core/db/entities");
    await CounterEntity.update({ scope: `creator#${sam.id}` })
      .add({ members_trialing: 2, mrr: 100 })
      .go();
    const found = await Recount.run({ creatorId: sam.id });
    expect(found.differences).toEqual(
      expect.arrayContaining([
        { holder: "counter", key: `creator#${sam.id}`, field: "members_trialing", stored: 3, expected: 1 },
        { holder: "counter", key: `creator#${sam.id}`, field: "mrr", stored: 100, expected: 0 },
      ]),
    );
    expect((await Recount.run({ creatorId: sam.id, fix: true })).differences).toEqual([]);
    expect(await stats(sam)).toMatchObject({ mrr_by_currency: {}, trialing_members: 1, churned_members_30d: 1 });
  });
});

describe("churn on the provider's day", () => {
  const DAY = 86_400;
  afterEach(() => vi.useRealTimers());

  it("a member ended on a sandbox clock 40 days ahead churns that day, and leaves the 30 days 30 days later", async () => {
    const dana = await signInSellingCreator(stack(), "dana-stats@example.com");
    const leo = await signInWithRole(stack(), "leo-stats@example.com", "customer");
    const club = await recurringProduct(stack(), dana, "Late Club", {
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "5" }] }],
    });
    const { id } = await subscribe(stack(), leo, club, "basic", "month");
    // Stripe's time now runs 40 days ahead of ours, as a late event's day would differ in production.
    const providerNow = await advanceClock(stack(), 40 * DAY);
    const ended = await call(stack(), "POST", `/api/memberships/${id}/cancel`, {
      cookie: dana.cookie,
      body: { at_period_end: false },
    });
    expect(ended.status, ended.text).toBe(200);
    await stack().settled();
    const { MembershipEntity, DailyStatEntity } = await import("@payloft/core/db/entities");
    const m = (await MembershipEntity.get({ id }).go()).data!;
    expect(m.status).toBe("ended");
    // The end is the provider's (within the seconds the calls took), not our wall clock's.
    const endedAt = Date.parse(m.ended_at!);
    expect(Math.abs(endedAt / 1000 - providerNow)).toBeLessThan(600);
    const day = (await DailyStatEntity.get({ scope: `creator#${dana.id}`, date: m.ended_at!.slice(0, 10) }).go()).data;
    expect(day?.members_ended).toBe(1);
    // The dashboard counts the last 30 days up to the day it is read: hold the clock at the provider's days.
    const { creatorStats } = await import("@payloft/core/analytics/stats");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(endedAt);
    expect((await creatorStats(dana.id)).churned_members_30d).toBe(1);
    vi.setSystemTime(endedAt + 29 * DAY * 1000);
    expect((await creatorStats(dana.id)).churned_members_30d).toBe(1);
    vi.setSystemTime(endedAt + 30 * DAY * 1000);
    expect((await creatorStats(dana.id)).churned_members_30d).toBe(0);
    vi.useRealTimers();
    const { Recount } = await import("@payloft/core/recount/index");
    expect((await Recount.run({ creatorId: dana.id })).differences).toEqual([]);
  });
});
