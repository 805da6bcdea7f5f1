import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { MembershipEntity, PurchaseEntity } from "@payloft/core/db/entities";
import { productBody, signInWithRole, type Person } from "./actors";

/**
 * A PayPal membership's charges taken back (Payments v1 sales of a subscription): the creator's
 * Refund button refunds the sale at PayPal, PayPal's PAYMENT.SALE.REFUNDED (a refund made in
 * PayPal's dashboard) and PAYMENT.SALE.REVERSED (a chargeback) refund the purchase that charge
 * recorded, once, with one notice, whatever PayPal delivers twice or in the wrong order.
 */
const stack = useStack();
const DAY = 86400;
const APP = "rhea-pp-refunds";
let rhea: Person;
let productId: string;

const merchant = () => [...stack().paypal.store.merchants.values()].find((m) => m.client_id === APP)!;
const settle = () => stack().settled();
const purchase = async (id: string) => (await PurchaseEntity.get({ id }).go({ consistent: true })).data;
const stats = async () =>
  (await call(stack(), "GET", "/api/dashboard/stats", { cookie: rhea.cookie })).json.stats as {
    totalSales: number;
    totalRevenue: number;
  };
const notices = (to: string) =>
  stack().outbox.messages.filter((m) => m.to === to && /was refunded/.test(m.subject)).length;
const advance = async (seconds: number) => {
  const res = await fetch(`${stack().paypal.url}/__sandbox/clock/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
  await settle();
};
const sandboxHelper = async (what: "refunds" | "disputes", saleId: string) => {
  const res = await fetch(`${stack().paypal.url}/__sandbox/${what}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sale_id: saleId }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
};
const eventsOf = (type: string) => merchant().events.filter((r) => r.event.event_type === type);
/** The sales PayPal made on a subscription, oldest first. */
const salesOf = (subId: string) =>
  Object.values(merchant().sales)
    .filter((s) => s.billing_agreement_id === subId)
    .sort((a, b) => String(a.create_time).localeCompare(String(b.create_time)));

beforeAll(async () => {
  rhea = await signInWithRole(stack(), "rhea.pp-refunds@example.com", "creator");
  const saved = await call(stack(), "POST", "/api/payment-integration", {
    cookie: rhea.cookie,
    body: { provider: "paypal", is_live: false, is_active: true, paypal_client_id: APP, paypal_client_secret: "s" },
  });
  expect(saved.status, saved.text).toBe(200);
  const made = await call(stack(), "POST", "/api/products", {
    cookie: rhea.cookie,
    body: {
      ...productBody("Pottery Circle"),
      billing: "recurring",
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "8" }] }],
    },
  });
  expect(made.status, made.text).toBe(201);
  productId = made.json.id;
});

async function subscribe(email: string) {
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
  const membership = await whenSettled(
    stack(),
    "membership",
    async () => (await MembershipEntity.query.byCustomer({ customer_email: email }).go()).data[0],
    (m) => !!m,
  );
  return { checkoutId: res.json.checkout_id as string, membership: membership! };
}

describe("refunds and reversals of PayPal membership charges", () => {
  it("the creator refunds a renewal and the first charge at PayPal; the figures move back once", async () => {
    const { checkoutId, membership } = await subscribe("ray.pp@example.com");
    await advance(32 * DAY);
    const [first, renewal] = salesOf(membership.id);
    expect(await purchase(renewal!.id)).toMatchObject({ status: "completed", renewal: true, amount: 800 });
    const before = await stats();

    const res = await call(stack(), "POST", `/api/sales/${renewal!.id}/refund`, { cookie: rhea.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      pending: false,
      purchase: { id: renewal!.id, status: "refunded" },
    });
    expect(merchant().sales[renewal!.id]!.state).toBe("refunded");
    await settle();
    // PayPal's event of that refund, and the same event again, change nothing more.
    const refunded = eventsOf("PAYMENT.SALE.REFUNDED");
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.deliveries[0]!.state).toBe("succeeded");
    stack().paypal.events.resend(merchant(), refunded[0]!.event.id);
    await settle();
    await stack().stream.idle();
    expect(await stats()).toMatchObject({
      totalSales: before.totalSales - 1,
      totalRevenue: before.totalRevenue - 800,
    });
    expect(notices("ray.pp@example.com")).toBe(1);
    expect((await call(stack(), "POST", `/api/sales/${renewal!.id}/refund`, { cookie: rhea.cookie })).status).toBe(409);
    // Another creator cannot refund it.
    const other = await signInWithRole(stack(), "olga.pp-refunds@example.com", "creator");
    expect((await call(stack(), "POST", `/api/sales/${checkoutId}/refund`, { cookie: other.cookie })).status).toBe(404);

    // The first purchase is the subscription's first sale.
    const again = await call(stack(), "POST", `/api/sales/${checkoutId}/refund`, { cookie: rhea.cookie });
    expect(again.status, again.text).toBe(200);
    expect(merchant().sales[first!.id]!.state).toBe("refunded");
    await settle();
    await stack().stream.idle();
    expect((await purchase(checkoutId))?.status).toBe("refunded");
    expect(await stats()).toMatchObject({ totalRevenue: before.totalRevenue - 1600 });
    expect(notices("ray.pp@example.com")).toBe(2);
    // The membership itself goes on (a refund is not a cancellation, as on Stripe).
    expect((await MembershipEntity.get({ id: membership.id }).go()).data?.status).toBe("active");
  });

  it("a refund in PayPal's dashboard and a chargeback reverse the charge once, even before its sale event", async () => {
    const { membership } = await subscribe("rex.pp@example.com");
    const hook = Object.values(merchant().webhooks)[0]!;
    const all = hook.event_types;
    // PayPal holds the renewal's PAYMENT.SALE.COMPLETED back: only its refund arrives.
    hook.event_types = all.filter((e: { name: string }) => e.name !== "PAYMENT.SALE.COMPLETED");
    await advance(32 * DAY);
    const renewal = salesOf(membership.id)[1]!;
    expect(await purchase(renewal.id)).toBeNull();
    hook.event_types = all;
    const before = await stats();
    await sandboxHelper("refunds", renewal.id);
    const refunded = eventsOf("PAYMENT.SALE.REFUNDED").find((r) => r.event.resource.sale_id === renewal.id)!;
    // Not recorded yet: 503, so PayPal delivers it again; nothing was written.
    // (Not settled(): that waits out PayPal's retries too.)
    await vi.waitFor(() => expect(refunded.deliveries[0]!.attempts[0]?.status).toBe(503), { timeout: 10_000 });
    expect(await purchase(renewal.id)).toBeNull();
    // The late sale event: the renewal is recorded, then PayPal's retry of the refund takes it back.
    stack().paypal.events.emit(merchant(), "PAYMENT.SALE.COMPLETED", merchant().sales[renewal.id]!);
    await settle();
    await stack().stream.idle();
    expect(refunded.deliveries[0]!.state).toBe("succeeded");
    expect((await purchase(renewal.id))?.status).toBe("refunded");
    expect(await stats()).toMatchObject({ totalSales: before.totalSales, totalRevenue: before.totalRevenue });
    expect(notices("rex.pp@example.com")).toBe(1);

    // The next renewal, reversed by the buyer's bank: refunded too, once.
    await advance(31 * DAY);
    const next = salesOf(membership.id)[2]!;
    expect((await purchase(next.id))?.status).toBe("completed");
    await stack().stream.idle();
    // (Every active member renewed on the clock: the figures before this one's reversal.)
    const renewed = await stats();
    await sandboxHelper("disputes", next.id);
    await settle();
    const reversed = eventsOf("PAYMENT.SALE.REVERSED")[0]!;
    stack().paypal.events.resend(merchant(), reversed.event.id);
    await settle();
    await stack().stream.idle();
    expect((await purchase(next.id))?.status).toBe("refunded");
    expect(await stats()).toMatchObject({
      totalSales: renewed.totalSales - 1,
      totalRevenue: renewed.totalRevenue - 800,
    });
    expect(notices("rex.pp@example.com")).toBe(2);
    // A refund of a reversed sale is refused as already refunded.
    expect((await call(stack(), "POST", `/api/sales/${next.id}/refund`, { cookie: rhea.cookie })).status).toBe(409);
  });
});
