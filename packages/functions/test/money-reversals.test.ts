import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import {
  makeSeller,
  openSession,
  payOnHostedPage,
  refundInDashboard,
  sandboxEvents,
  settle,
} from "@payloft/local/stripe-sandbox/testing";
import { payOnSandbox, person, profileWhen } from "./platform-fixtures";

/** What following an access link answers (its page read, so the connection is let go). */
const linkStatus = async (link: string) => {
  const res = await fetch(link, { redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
};

/**
 * Money going back, end to end through the provider's signed events (sandbox -> webhook ->
 * bus -> subscriber): the lifetime charge refunded, renewals failing until the provider gives
 * up, a subscription deleted at the provider, and a buyer disputing a product sale. Each is
 * delivered again afterwards (Stripe redelivers) and must change nothing the second time.
 */
const stack = useStack();

const entities = async () => import("@payloft/core/db/entities");
const platformStripe = async () => (await import("@payloft/core/plan/stripe")).platformStripe();
const stored = async (id: string) => (await (await entities()).UserEntity.get({ id }).go({ consistent: true })).data!;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends a recorded event again, signed like Stripe signs it (a redelivery). */
async function redeliver(event: unknown, path: string, secret: string) {
  const { signatureHeader } = await import("@payloft/local/stripe-sandbox/index");
  const payload = JSON.stringify(event);
  const res = await fetch(`${stack().url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signatureHeader(payload, secret) },
    body: payload,
  });
  expect(res.status).toBe(200);
  await settle(stack());
}
const platformSecret = () => process.env.LOCAL_STRIPE_WEBHOOK_SECRET!;

/** Creates n products, oldest first, apart in time so "newest first" is well defined. */
async function products(cookie: string, n: number) {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await call(stack(), "POST", "/api/products", {
      cookie,
      body: { name: `Guide ${i}`, price: "9.99", content_url: "https://files.example.com/g.pdf", media_type: "none" },
    });
    expect(res.status).toBe(201);
    ids.push(res.json.id);
    await pause(15);
  }
  return ids;
}
const activeOf = async (cookie: string) =>
  Object.fromEntries(
    ((await call(stack(), "GET", "/api/products", { cookie })).json as { id: string; is_active: boolean }[]).map(
      (p) => [p.id, p.is_active],
    ),
  );

async function subscribe(cookie: string, email: string, plan: string) {
  const res = await call(stack(), "POST", "/api/platform/create-checkout-session", {
    cookie,
    body: { plan, billing_cycle: "monthly" },
  });
  await payOnSandbox(res.json.url, email);
  await profileWhen(stack(), cookie, (p) => p.plan === plan);
}

describe("platform events, exactly once", () => {
  it("a refunded lifetime charge: free again, extra products switched off newest first, never deleted", async () => {
    const { cookie, id } = await person(stack(), "refund.lifetime@example.com");
    const started = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", { cookie, body: {} });
    const sessionId = decodeURIComponent(started.json.url.split("/pay/")[1]);
    await payOnSandbox(started.json.url, "refund.lifetime@example.com");
    await profileWhen(stack(), cookie, (p) => p.plan === "lifetime");
    const [oldest, middle, newest] = await products(cookie, 3);

    const pi = (await (await platformStripe()).checkout.sessions.retrieve(sessionId)).payment_intent as string;
    const refund = await refundInDashboard(stack(), pi);
    await profileWhen(stack(), cookie, (p) => p.plan === "free");
    await settle(stack());
    expect(await stored(id)).toMatchObject({ plan: "free", subscription_status: "refunded" });
    expect(await activeOf(cookie)).toEqual({ [oldest!]: true, [middle!]: false, [newest!]: false });
    const counter = async () =>
      (await (await entities()).CounterEntity.get({ scope: `creator#${id}` }).go()).data?.active_products;
    expect(await counter()).toBe(1);

    // Stripe delivers the refund again, and the old "checkout completed" arrives late: nothing changes.
    const charge = refund.charge;
    const [refunded] = sandboxEvents(stack(), charge).filter((r) => r.event.type === "charge.refunded");
    await redeliver(refunded!.event, "/api/webhooks/stripe", platformSecret());
    const [completed] = sandboxEvents(stack(), sessionId).filter((r) => r.event.type === "checkout.session.completed");
    await redeliver(completed!.event, "/api/webhooks/stripe", platformSecret());
    expect((await stored(id)).plan).toBe("free");
    expect(await activeOf(cookie)).toEqual({ [oldest!]: true, [middle!]: false, [newest!]: false });
    expect(await counter()).toBe(1);

    // Switched-off products stay off on free: switching one on is refused until they upgrade.
    const on = await call(stack(), "PUT", `/api/products/${newest}`, { cookie, body: { is_active: true } });
    expect(on.status).toBe(403);
    expect(on.json).toMatchObject({ code: "plan.limit_reached", limit: 1 });
  }, 90_000);

  it("a failed renewal is past due (Billing says so); after the provider's final attempt: free, extras off", async () => {
    const { cookie, id } = await person(stack(), "past.due@example.com");
    await subscribe(cookie, "past.due@example.com", "starter");
    const [oldest, middle, newest] = await products(cookie, 3);
    const subId = (await stored(id)).subscription_id!;
    const fail = (final: boolean) =>
      fetch(`${stack().stripe.url}/__sandbox/subscriptions/${subId}/fail_payment`, {
        method: "POST",
        body: new URLSearchParams(final ? { final: "true" } : {}),
      });

    expect((await fail(false)).status).toBe(200);
    await profileWhen(stack(), cookie, () => true);
    await settle(stack());
    const billing = await call(stack(), "GET", "/api/platform/billing", { cookie });
    expect(billing.json).toMatchObject({ plan: "starter", subscription_status: "past_due" });
    expect(Object.values(await activeOf(cookie))).toEqual([true, true, true]);

    expect((await fail(true)).status).toBe(200);
    await profileWhen(stack(), cookie, (p) => p.plan === "free");
    await settle(stack());
    expect(await activeOf(cookie)).toEqual({ [oldest!]: true, [middle!]: false, [newest!]: false });

    // The final failure's event delivered again: still one product on, nothing else touched.
    const invoices = [...stack().stripe.store.accounts.values()]
      .flatMap((a) => a.events)
      .filter((r) => r.event.type === "invoice.payment_failed")
      .filter((r) => (r.event.data.object as { subscription?: string }).subscription === subId);
    expect(invoices).toHaveLength(2);
    // Stripe's last attempt says it will not try again (next_payment_attempt null).
    const last = invoices.find(
      (r) => (r.event.data.object as { next_payment_attempt?: number | null }).next_payment_attempt === null,
    );
    expect(last).toBeDefined();
    await redeliver(last!.event, "/api/webhooks/stripe", platformSecret());
    expect(await stored(id)).toMatchObject({ plan: "free" });
    expect(await activeOf(cookie)).toEqual({ [oldest!]: true, [middle!]: false, [newest!]: false });
  }, 90_000);

  it("a subscription deleted at the provider ends the plan: free, extra products off newest first", async () => {
    const { cookie, id } = await person(stack(), "deleted.sub@example.com");
    await subscribe(cookie, "deleted.sub@example.com", "starter");
    const [oldest, newest] = await products(cookie, 2);
    await (await platformStripe()).subscriptions.cancel((await stored(id)).subscription_id!);
    await profileWhen(stack(), cookie, (p) => p.plan === "free");
    await settle(stack());
    expect(await activeOf(cookie)).toEqual({ [oldest!]: true, [newest!]: false });
    expect((await stored(id)).subscription_id).toBeUndefined();
  });
});

describe("a disputed product sale", () => {
  it("revokes access, marks the sale disputed, reverses its figures and tells the creator, once", async () => {
    const { PurchaseEntity, ProductEntity, CounterEntity, UserEntity } = await entities();
    const seller = await makeSeller();
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, "chargeback@example.com");
    await settle(stack());
    const pi = (await PurchaseEntity.get({ id: session.id }).go()).data!.payment_intent!;
    const paid = await call(stack(), "GET", `/api/checkout/success?session_id=${session.id}`);
    const link = paid.json.purchase.access_url as string;
    expect(await linkStatus(link)).toBe(302);

    const res = await fetch(`${stack().stripe.url}/__sandbox/disputes`, {
      method: "POST",
      body: new URLSearchParams({ payment_intent: pi, reason: "fraudulent" }),
    });
    expect(res.status).toBe(200);
    const dispute = await res.json();
    await settle(stack());

    const check = async () => {
      expect((await PurchaseEntity.get({ id: session.id }).go()).data).toMatchObject({ status: "disputed" });
      expect((await ProductEntity.get({ id: seller.productId }).go()).data).toMatchObject({
        sales_count: 0,
        total_revenue: 0,
      });
      expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
        sales: 0,
        revenue: 0,
      });
      const success = await call(stack(), "GET", `/api/checkout/success?session_id=${session.id}`);
      expect(success.json.purchase.status).toBe("disputed");
      expect(success.json.purchase.access_url).toBeNull();
      // The access link the buyer kept answers 410 with a page saying why.
      expect(await linkStatus(link)).toBe(410);
      const sellerEmail = (await UserEntity.get({ id: seller.sellerId }).go()).data!.email;
      const notices = stack().outbox.messages.filter((m) => m.to === sellerEmail && m.text.includes(session.id));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.subject).toBe("A payment was disputed: Design Kit");
      expect(notices[0]!.text).toContain("chargeback@example.com");
    };
    await check();

    // Delivered twice more, and a refund after the dispute: still one e-mail, figures reversed once.
    const [created] = sandboxEvents(stack(), dispute.id).filter((r) => r.event.type === "charge.dispute.created");
    const { Integration } = await import("@payloft/core/integration/index");
    const secret = (await Integration.webhookSecretFor(seller.sellerId))!;
    await redeliver(created!.event, `/api/webhooks/stripe/${seller.sellerId}`, secret);
    await redeliver(created!.event, `/api/webhooks/stripe/${seller.sellerId}`, secret);
    await check();
  });
});
