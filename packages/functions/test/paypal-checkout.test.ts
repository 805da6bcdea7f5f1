import { beforeAll, describe, expect, it } from "vitest";
import { connectPayPal, paypalMerchant } from "@payloft/local/testing/payment";
import { call, useStack } from "@payloft/local/testing/index";
import { signInWithRole, type Person } from "./actors";

/** What following an access link answers (its page read, so the connection is let go). */
const linkStatus = async (link: string) => {
  const res = await fetch(link, { redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
};

/**
 * PayPal checkout end to end against the local PayPal sandbox: Orders v2
 * at the server's price, capture on return, exactly-once across the return route, the webhook,
 * a resent webhook and reloads; forged webhooks refused with nothing written; refunds and
 * disputes revoke access.
 */
const stack = useStack();
let seller: Person;
let buyer: Person;
let productId = "";

const settle = () => stack().settled();
const merchant = () => paypalMerchant(stack(), "sally-pp-app");
const sales = async () => (await call(stack(), "GET", "/api/sales-history", { cookie: seller.cookie })).json;
const salesList = async () => {
  const s = await sales();
  return (Array.isArray(s) ? s : s.sales) as { id: string; amount: number; status: string }[];
};

/** Buy Now, then the approve page's button: answers the checkout id and the return path. */
async function buyAndApprove(email = buyer.email) {
  const started = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId } });
  expect(started.status).toBe(200);
  const url = new URL(started.json.url);
  expect(url.origin).toBe(stack().paypal.url);
  const orderId = url.searchParams.get("token")!;
  const res = await fetch(url, { method: "POST", body: new URLSearchParams({ email }), redirect: "manual" });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  return { orderId, checkoutId: back.searchParams.get("checkout_id")!, returnPath: back.pathname + back.search };
}

async function returnAndSettle(returnPath: string) {
  const back = await call(stack(), "GET", returnPath);
  expect(back.status).toBe(303);
  await settle();
  return back.headers.get("location")!;
}

beforeAll(async () => {
  seller = await signInWithRole(stack(), "sally.pp@example.com", "creator");
  buyer = await signInWithRole(stack(), "cara.pp@example.com", "customer");
  await connectPayPal(stack(), seller, "sally-pp-app", "sally-pp-secret");
  const product = await call(stack(), "POST", "/api/products", {
    cookie: seller.cookie,
    body: {
      name: "Finance Planner",
      price: "25.99",
      content_url: "https://files.example.com/planner.zip",
      media_type: "none",
    },
  });
  productId = product.json.id;
});

describe("PayPal checkout", () => {
  it("says paypal and creates an Orders v2 CAPTURE order at the server's price, tied to a checkout record", async () => {
    expect((await call(stack(), "GET", `/api/public/payment-info/${productId}`)).json).toEqual({ provider: "paypal" });
    const visit = { referrer: "https://www.reddit.com/r/design", utm_campaign: "Autumn" };
    const started = await call(stack(), "POST", "/api/checkout/create-session", {
      body: { productId, amount: 1, visit },
    });
    expect(started.status).toBe(200);
    const orderId = new URL(started.json.url).searchParams.get("token")!;
    const order = merchant().orders[orderId]!;
    expect(order.intent).toBe("CAPTURE");
    expect(order.purchase_units[0].amount).toEqual({ currency_code: "USD", value: "25.99" });
    const checkoutId = order.purchase_units[0].custom_id;
    expect(order.purchase_units[0].invoice_id).toBe(checkoutId);
    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    const record = (await CheckoutEntity.get({ session_id: checkoutId }).go()).data!;
    expect(record).toMatchObject({ provider: "paypal", provider_ref: orderId, amount: 2599, product_id: productId });
    // The visit it began from, for traffic analytics, as with Stripe.
    expect(record.visit).toEqual({ source: "reddit", referrer: "reddit.com", campaign: "autumn" });
    // Back without approving (or cancelled): no capture, no purchase, back to the sales page.
    const back = await call(stack(), "GET", `/api/checkout/paypal/return?checkout_id=${checkoutId}&token=${orderId}`);
    expect(back.headers.get("location")).toBe(`/product/${productId}`);
    expect(order.status).toBe("PAYER_ACTION_REQUIRED");
    expect((await call(stack(), "GET", `/api/checkout/success?session_id=${checkoutId}`)).status).toBe(404);
  });

  it("captures on return and records 2599 cents exactly once across return, webhook, resent webhook and reloads", async () => {
    const { checkoutId, returnPath } = await buyAndApprove();
    const location = await returnAndSettle(returnPath);
    expect(location).toBe(`/checkout/success?session_id=${checkoutId}`);
    const delivered = merchant().events.filter((r) => r.event.event_type === "PAYMENT.CAPTURE.COMPLETED");
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.deliveries[0]!.state).toBe("succeeded");
    // Duplicate and late: the same event again, the return URL reloaded, the success page reloaded.
    stack().paypal.events.resend(merchant(), delivered[0]!.event.id);
    expect(await returnAndSettle(returnPath)).toBe(location);
    for (let i = 0; i < 2; i++) {
      const success = await call(stack(), "GET", `/api/checkout/success?session_id=${checkoutId}`);
      expect(success.status).toBe(200);
      expect(success.json.purchase).toMatchObject({ amount: 2599, customer_email: buyer.email, status: "completed" });
      // The access link, never the raw content URL (rule: Access links).
      expect(success.json.purchase.access_url).toMatch(/\/a\/[A-Za-z0-9_-]{32}$/);
      expect(success.text).not.toContain("files.example.com");
    }
    await settle();
    expect(delivered[0]!.deliveries[0]!.attempts.filter((a) => a.status === 200).length).toBe(2);
    const mine = (await salesList()).filter((s) => s.id === checkoutId);
    expect(mine).toEqual([expect.objectContaining({ amount: 2599 })]);
    expect(Object.values(merchant().captures).filter((c) => c.custom_id === checkoutId)).toHaveLength(1);
    const stats = await call(stack(), "GET", "/api/dashboard/stats", { cookie: seller.cookie });
    expect(stats.json.stats.totalRevenue).toBe(2599);
    expect(stats.json.stats.totalSales).toBe(1);
  });

  it("fulfils from the webhook alone when the buyer never comes back, then the success page finds it", async () => {
    const { checkoutId, orderId } = await buyAndApprove();
    // The buyer closed the tab before the return; the order got captured elsewhere (the same
    // request id Payloft uses), so PAYMENT.CAPTURE.COMPLETED is the only signal that arrives.
    const { paypalClient } = await import("@payloft/core/paypal/client");
    await paypalClient({ clientId: "sally-pp-app", clientSecret: "sally-pp-secret", live: false }).captureOrder(
      orderId,
      `capture-${checkoutId}`,
    );
    await settle();
    expect((await salesList()).filter((s) => s.id === checkoutId)).toHaveLength(1);
    expect((await call(stack(), "GET", `/api/checkout/success?session_id=${checkoutId}`)).json.purchase.amount).toBe(
      2599,
    );
  });

  it("refuses forged, tampered and unsigned webhooks with 400 and writes nothing", async () => {
    const { checkoutId, orderId } = await buyAndApprove();
    const path = `/api/webhooks/paypal/${seller.id}`;
    const real = merchant().events.find((r) => r.event.event_type === "PAYMENT.CAPTURE.COMPLETED")!;
    const headers = real.deliveries[0]!.attempts[0]!.headers!;
    // A signed delivery's headers with a body for an unpaid checkout: the signature does not fit.
    const forged = { ...real.event, id: "WH-FORGED", resource: { ...real.event.resource, custom_id: checkoutId } };
    for (const attempt of [
      { headers, body: forged },
      { headers: {}, body: forged },
      { headers: { ...headers, "paypal-transmission-sig": "Zm9yZ2Vk" }, body: real.event },
    ]) {
      const res = await call(stack(), "POST", path, { headers: attempt.headers, body: attempt.body });
      expect(res.status).toBe(400);
    }
    const other = await call(stack(), "POST", `/api/webhooks/paypal/nobody`, { headers, body: real.event });
    expect(other.status).toBe(400);
    await settle();
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    expect((await PurchaseEntity.get({ id: checkoutId }).go()).data).toBeNull();
    expect(merchant().orders[orderId]!.status).toBe("APPROVED");
  });

  it("revokes access on a refund and on a dispute, once", async () => {
    const open = (purchaseId: string) =>
      call(stack(), "POST", "/api/customer/track-access", {
        cookie: buyer.cookie,
        body: { purchase_id: purchaseId, access_type: "view" },
      });
    const first = await buyAndApprove();
    await returnAndSettle(first.returnPath);
    const second = await buyAndApprove();
    await returnAndSettle(second.returnPath);
    expect((await open(first.checkoutId)).status).toBe(200);
    expect((await open(second.checkoutId)).status).toBe(200);
    const portal = (await call(stack(), "GET", "/api/customer/purchases", { cookie: buyer.cookie })).json.purchases as {
      id: string;
      access_url: string;
    }[];
    const linkOf = (id: string) => portal.find((p) => p.id === id)!.access_url;
    const links = [linkOf(first.checkoutId), linkOf(second.checkoutId)];
    const captureOf = (id: string) => Object.values(merchant().captures).find((c) => c.custom_id === id)!.id;

    const refund = await fetch(`${stack().paypal.url}/__sandbox/refunds`, {
      method: "POST",
      body: new URLSearchParams({ capture_id: captureOf(first.checkoutId) }),
    });
    expect(refund.status).toBe(201);
    const dispute = await fetch(`${stack().paypal.url}/__sandbox/disputes`, {
      method: "POST",
      body: new URLSearchParams({ capture_id: captureOf(second.checkoutId) }),
    });
    expect(dispute.status).toBe(201);
    await settle();
    expect((await open(first.checkoutId)).status).toBe(403);
    expect((await open(second.checkoutId)).status).toBe(403);
    // The access links the buyer kept answer 410, refunded and disputed alike.
    for (const link of links) expect(await linkStatus(link)).toBe(410);
    const list = await salesList();
    expect(list.find((s) => s.id === first.checkoutId)!.status).toBe("refunded");
    // A dispute is its own status (Stripe's and PayPal's alike), and the seller is told once.
    expect(list.find((s) => s.id === second.checkoutId)!.status).toBe("disputed");
    const notices = () =>
      stack().outbox.messages.filter(
        (m) => m.subject.startsWith("A payment was disputed") && m.text.includes(second.checkoutId),
      );
    expect(notices()).toHaveLength(1);
    // Resent REFUNDED changes nothing more.
    const before = (await call(stack(), "GET", "/api/dashboard/stats", { cookie: seller.cookie })).json.stats
      .totalRevenue;
    const refunded = merchant().events.find((r) => r.event.event_type === "PAYMENT.CAPTURE.REFUNDED")!;
    stack().paypal.events.resend(merchant(), refunded.event.id);
    const disputed = merchant().events.find((r) => r.event.event_type === "CUSTOMER.DISPUTE.CREATED")!;
    stack().paypal.events.resend(merchant(), disputed.event.id);
    await settle();
    expect(notices()).toHaveLength(1);
    expect(
      (await call(stack(), "GET", "/api/dashboard/stats", { cookie: seller.cookie })).json.stats.totalRevenue,
    ).toBe(before);
  });
});

describe("PayPal checkout in a zero-decimal currency", () => {
  it("a ¥950 product is captured as 950 JPY, with the fee and the net in whole yen", async () => {
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id: seller.id }).set({ plan: "business" }).go();
    const yen = await call(stack(), "POST", "/api/products", {
      cookie: seller.cookie,
      body: {
        name: "Yen Planner",
        price: "950",
        currency: "jpy",
        content_url: "https://files.example.com/yen.zip",
        media_type: "none",
      },
    });
    expect(yen.status, yen.text).toBe(201);
    productId = yen.json.id;
    const { checkoutId, returnPath } = await buyAndApprove();
    await returnAndSettle(returnPath);
    const [capture] = Object.values(merchant().captures).filter((c) => c.custom_id === checkoutId);
    // 3.49 % of ¥950 rounded (33) plus the fixed ¥40; never "33.65" read as if yen had cents.
    expect(capture!.seller_receivable_breakdown).toEqual({
      gross_amount: { currency_code: "JPY", value: "950" },
      paypal_fee: { currency_code: "JPY", value: "73" },
      net_amount: { currency_code: "JPY", value: "877" },
    });
    const success = await call(stack(), "GET", `/api/checkout/success?session_id=${checkoutId}`);
    expect(success.json.purchase).toMatchObject({ amount: 950, currency: "jpy", status: "completed" });
  });
});
