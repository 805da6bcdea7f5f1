import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { signInSellingCreator, signInWithRole, type Person } from "./actors";
import { useHookReceiver } from "./hook-receiver";
import { payMembership, recurringProduct } from "./memberships";

/**
 * A seller's endpoints hear about their members: membership.* as the provider's signed events
 * become domain events, and the start's sale as sale.completed, through the real checkout, the
 * sandbox's webhooks, the bus and the webhook queue. An event the endpoint did not choose is
 * not sent.
 */
const stack = useStack();
const hook = useHookReceiver();
let sam: Person;
let mia: Person;
let productId: string;
let membershipId: string;
let checkoutId: string;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-hooks-m@example.com");
  mia = await signInWithRole(stack(), "mia-hooks-m@example.com", "customer");
  const endpoint = await call(stack(), "POST", "/api/webhook-endpoints", {
    cookie: sam.cookie,
    body: {
      url: hook.url(),
      events: ["membership.started", "membership.canceled", "membership.ended", "sale.completed"],
    },
  });
  if (endpoint.status !== 201) throw new Error(endpoint.text);
  productId = await recurringProduct(stack(), sam, "Hooked Club", {
    tiers: [{ id: "club", name: "Club", prices: [{ interval: "month", amount: "8" }] }],
  });
  // No success page: the start comes from the provider's signed event alone.
  checkoutId = await payMembership(stack(), mia, productId, "club", "month");
});

const events = () => hook.received.map((r) => r.event);
const ofType = (type: string) => events().filter((e) => e.type === type);
/** The first event of `type` once the stack has settled. */
const first = async (type: string) =>
  (
    await whenSettled(
      stack(),
      type,
      () => ofType(type),
      (l) => l.length > 0,
    )
  )[0]!;

describe("membership.* to the seller's endpoints", () => {
  it("a start sends membership.started with the membership and the first sale as sale.completed", async () => {
    const started = await first("membership.started");
    membershipId = started.data.membership.id;
    expect(started.data.membership).toMatchObject({
      product_id: productId,
      tier: "club",
      interval: "month",
      status: "active",
      amount: 800,
      currency: "usd",
      customer_email: mia.email,
    });
    expect(started.sequence).toBeGreaterThan(0);
    await first("sale.completed");
    expect(ofType("sale.completed").map((e) => e.data.sale)).toMatchObject([
      { id: checkoutId, product_id: productId, amount: 800 },
    ]);
  });

  it("cancel and end reach it in order of sequence; unchosen events are not sent", async () => {
    const cancel = await call(stack(), "POST", `/api/customer/memberships/${membershipId}/cancel`, {
      cookie: mia.cookie,
    });
    expect(cancel.status, cancel.text).toBe(200);
    const canceled = await first("membership.canceled");
    expect(canceled.data.membership).toMatchObject({
      id: membershipId,
      status: "canceled",
      cancel_at_period_end: true,
    });
    const end = await call(stack(), "POST", `/api/memberships/${membershipId}/cancel`, {
      cookie: sam.cookie,
      body: { at_period_end: false },
    });
    expect(end.status, end.text).toBe(200);
    const ended = await first("membership.ended");
    expect(ended.data.membership).toMatchObject({ id: membershipId, status: "ended", next_amount: null });
    expect(ended.sequence).toBeGreaterThanOrEqual(canceled.sequence);
    expect(new Set(events().map((e) => e.type))).toEqual(
      new Set(["membership.started", "sale.completed", "membership.canceled", "membership.ended"]),
    );
    expect(new Set(events().map((e) => e.id)).size).toBe(events().length);
  });
});
