import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type Stripe from "stripe";
import { useStack } from "@payloft/local/testing/index";
import { openWorld, type World } from "./sales-world";

/**
 * Counts stay true, as a property: random sequences of checkouts, payments (delivered or not),
 * full and partial refunds, disputes, success-page visits, product deletions and duplicate or
 * late webhook deliveries, all through the real routes, sandbox, bus and subscribers against
 * DynamoDB Local. After Stripe has (eventually) delivered everything, every paid checkout is
 * one purchase in the state its money says, nothing unpaid is a purchase, every purchase has
 * one receipt, and every stored figure equals the recount from the purchases.
 */
const stack = useStack();
const RUNS = 6;
const PRICES: [number, number] = [1500, 900];
const BUYERS = ["ann@example.com", "bob@example.com", "cy@example.com"];

type Op =
  | { kind: "open"; product: number }
  | { kind: "pay"; checkout: number; buyer: number; deliver: boolean }
  | { kind: "refund"; checkout: number; partial: boolean }
  | { kind: "dispute"; checkout: number }
  | { kind: "redeliver"; event: number }
  | { kind: "success"; checkout: number }
  | { kind: "delete"; product: number };

const index = fc.nat({ max: 7 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("open" as const), product: fc.nat({ max: 1 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      checkout: index,
      buyer: fc.nat({ max: BUYERS.length - 1 }),
      deliver: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("refund" as const), checkout: index, partial: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("dispute" as const), checkout: index }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("redeliver" as const), event: fc.nat({ max: 15 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("success" as const), checkout: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), product: fc.nat({ max: 1 }) }) },
);

/** What the money says about one checkout. */
interface Checkout {
  session: Stripe.Checkout.Session;
  product: number;
  amount: number;
  paymentIntent?: string;
  refunded: number;
  disputed: boolean;
  /** Paid, and its product was deleted before any delivery could record it. */
  orphan: boolean;
  /** Some delivery or visit told Payloft about the payment (so it is recorded, unless orphaned). */
  told: boolean;
}

const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);

async function play(world: World, ops: Op[]) {
  const checkouts: Checkout[] = [];
  const deleted = new Set<number>();
  const paid = () => checkouts.filter((c) => c.paymentIntent);
  /** Payloft hears of a paid checkout: recorded now unless its product is already gone. */
  const told = (c: Checkout) => {
    if (!c.told && deleted.has(c.product)) c.orphan = true;
    c.told = true;
  };
  for (const o of ops) {
    if (o.kind === "open") {
      if (deleted.has(o.product)) continue; // a deleted product's page offers no checkout
      const product = world.products[o.product]!;
      const session = await world.open(product);
      checkouts.push({
        session,
        product: o.product,
        amount: product.price,
        refunded: 0,
        disputed: false,
        orphan: false,
        told: false,
      });
    } else if (o.kind === "pay") {
      const c = pick(
        checkouts.filter((x) => !x.paymentIntent),
        o.checkout,
      );
      if (!c) continue;
      c.paymentIntent = await world.pay(c.session, BUYERS[o.buyer]!, o.deliver);
      if (o.deliver) told(c);
    } else if (o.kind === "refund") {
      const c = pick(paid(), o.checkout);
      if (!c || c.refunded >= c.amount) continue;
      const amount = o.partial && c.amount - c.refunded > 100 ? 100 : undefined;
      await world.refund(c.paymentIntent!, amount);
      c.refunded = amount ? c.refunded + amount : c.amount;
      if (c.refunded >= c.amount) told(c); // a full refund's event records the sale first
    } else if (o.kind === "dispute") {
      const c = pick(paid(), o.checkout);
      if (!c) continue;
      await world.dispute(c.paymentIntent!, c.amount);
      c.disputed = true;
      told(c);
    } else if (o.kind === "redeliver") {
      const payload = pick(world.events, o.event);
      if (!payload) continue;
      await world.redeliver(payload);
      const event = JSON.parse(payload) as Stripe.Event;
      const object = event.data.object as { id: string; payment_intent?: string };
      for (const c of checkouts) {
        if (event.type === "checkout.session.completed" && c.session.id === object.id) told(c);
        if (event.type !== "checkout.session.completed" && c.paymentIntent === object.payment_intent) {
          // A charge.refunded whose charge is now fully refunded, or a dispute, records the sale first.
          if (event.type === "charge.dispute.created" || c.refunded >= c.amount) told(c);
        }
      }
    } else if (o.kind === "success") {
      const c = pick(checkouts, o.checkout);
      if (!c) continue;
      const status = await world.successPage(c.session.id);
      if (c.paymentIntent) told(c);
      else expect(status).toBe(404);
    } else if (!deleted.has(o.product)) {
      await world.deleteProduct(world.products[o.product]!.id);
      deleted.add(o.product);
    }
  }
  // Stripe retries until the seller's endpoint accepts: in the end every event arrives.
  for (const payload of [...world.events]) await world.redeliver(payload);
  for (const c of paid()) told(c);
  return checkouts;
}

async function check(world: World, checkouts: Checkout[]) {
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  const { Recount } = await import("@payloft/core/recount/index");
  const stored = (await PurchaseEntity.query.byCreator({ creator_id: world.seller.id }).go({ pages: "all" })).data;
  const byId = new Map(stored.map((p) => [p.id, p]));
  // Nothing invented: every purchase is a paid checkout of this seller's.
  for (const p of stored) expect(checkouts.find((c) => c.session.id === p.id)?.paymentIntent).toBeTruthy();
  for (const c of checkouts) {
    const p = byId.get(c.session.id);
    if (!c.paymentIntent) {
      expect(p, `unpaid checkout ${c.session.id} became a purchase`).toBeUndefined();
      continue;
    }
    // A product deleted before its sale was recorded: recorded from the checkout's snapshot
    // where that is delivered (rule: Paid means delivered), never twice; otherwise every paid checkout is one purchase.
    if (!c.orphan) expect(p, `paid checkout ${c.session.id} was lost`).toBeDefined();
    if (!p) continue;
    const takenBack = c.disputed || c.refunded >= c.amount;
    expect(p.status === "completed", `status of ${c.session.id}`).toBe(!takenBack);
    expect(p.amount).toBe(c.amount);
    // The buyer's mail only: a dispute also e-mails the seller about this order. A completed sale
    // has one receipt; one taken back has one notice, and a receipt only if Payloft heard of the
    // payment before the reversal (taken back first, the buyer never gets a receipt promising
    // access), however often its events came.
    const toBuyer = stack().outbox.messages.filter((m) => m.to === p.customer_email && m.text.includes(c.session.id));
    const receipts = toBuyer.filter((m) => m.subject.startsWith("Your receipt"));
    const notices = toBuyer.filter((m) => / was (refunded|disputed)$/.test(m.subject));
    if (takenBack) expect(receipts.length, `receipts for ${c.session.id}`).toBeLessThanOrEqual(1);
    else expect(receipts.length, `receipts for ${c.session.id}`).toBe(1);
    expect(notices.length, `reversal notices for ${c.session.id}`).toBe(takenBack ? 1 : 0);
    expect(toBuyer.length, `e-mails to the buyer about ${c.session.id}`).toBe(receipts.length + notices.length);
  }
  const report = await Recount.run({ creatorId: world.seller.id });
  expect(report.purchases).toBe(stored.length);
  expect(report.differences).toEqual([]);
}

describe("counts stay true (property)", () => {
  it(`${RUNS} random histories of sales, refunds, disputes, deletions and late or repeated webhooks`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 12 }), async (ops) => {
        const world = await openWorld(stack(), PRICES);
        const checkouts = await play(world, ops);
        await check(world, checkouts);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // Every seller of those histories together: the platform counter and daily rows agree too.
    const { Recount } = await import("@payloft/core/recount/index");
    expect((await Recount.run()).differences).toEqual([]);
  }, 240_000);
});
