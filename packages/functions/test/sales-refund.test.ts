import { beforeAll, describe, expect, it } from "vitest";
import { connectPayPal, paypalMerchant } from "@payloft/local/testing/payment";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { signInAdmin, signInWithRole, type Person } from "./actors";
import { redeliver, sellerStripe } from "./seller-stripe";

/** What following an access link answers (its page read, so the connection is let go). */
const linkStatus = async (link: string) => {
  const res = await fetch(link, { redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
};

/**
 * POST /api/sales/{id}/refund against the local Stripe and PayPal
 * sandboxes: the refund is made on the seller's own account, the sale becomes refunded through
 * the refund.created path once (whether our call or the provider's webhook lands first), the
 * buyer loses access, the figures go back; strangers, customers, repeats and a provider that
 * is down change nothing.
 */
const stack = useStack();
const CLOSED_PORT = "http://127.0.0.1:9"; // nothing listens: the provider is down

type Seller = Person & { productId: string; secretKey?: string };
let stripeSeller: Seller;
let paypalSeller: Seller;
let otherCreator: Person;
let buyer: Person;

const settle = () => stack().settled();
const refund = (saleId: string, who: Person) =>
  call(stack(), "POST", `/api/sales/${encodeURIComponent(saleId)}/refund`, { cookie: who.cookie });
const history = async (who: Person) =>
  (await call(stack(), "GET", "/api/sales-history", { cookie: who.cookie })).json.sales as {
    id: string;
    status: string;
  }[];
const stats = async (who: Person) =>
  (await call(stack(), "GET", "/api/dashboard/stats", { cookie: who.cookie })).json.stats as {
    totalSales: number;
    totalRevenue: number;
  };
const openContent = (purchaseId: string) =>
  call(stack(), "POST", "/api/customer/track-access", { cookie: buyer.cookie, body: { purchase_id: purchaseId } });

async function product(cookie: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await call(stack(), "POST", "/api/products", {
    cookie,
    body: { name, price: "15.00", content_url: `https://files.example.com/${name}.zip`, media_type: "none", ...extra },
  });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

/** A buyer pays for a Stripe product on the hosted page: the sale id (the checkout session id). */
async function buyWithStripe(productId = stripeSeller.productId) {
  const started = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId } });
  expect(started.status).toBe(200);
  const back = await payOnHostedPage(started.json.url, buyer.email);
  await settle();
  return new URL(back).searchParams.get("session_id")!;
}

/** A buyer approves a PayPal order and returns: the sale id (Payloft's checkout id). */
async function buyWithPayPal() {
  const started = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId: paypalSeller.productId },
  });
  expect(started.status).toBe(200);
  const approved = await fetch(started.json.url, {
    method: "POST",
    body: new URLSearchParams({ email: buyer.email }),
    redirect: "manual",
  });
  const back = new URL(approved.headers.get("location")!);
  expect((await call(stack(), "GET", back.pathname + back.search)).status).toBe(303);
  await settle();
  return back.searchParams.get("checkout_id")!;
}

/** The seller's Stripe account in the sandbox, its webhook endpoint and the charge of a sale. */
async function stripeAccount() {
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  const account = await sellerStripe(stripeSeller.id, stripeSeller.secretKey!);
  return {
    ...account,
    async chargeOf(saleId: string) {
      const pi = (await PurchaseEntity.get({ id: saleId }).go()).data!.payment_intent!;
      const intent = await account.stripe.paymentIntents.retrieve(pi);
      return account.stripe.charges.retrieve(intent.latest_charge as string);
    },
  };
}

/** Delivers the seller's charge.refunded event for a charge, signed, as Stripe would (again). */
const deliverRefundWebhook = (chargeId: string) => redeliver(stack(), stripeSeller.id, chargeId, "charge.refunded");

beforeAll(async () => {
  stripeSeller = { ...(await signInWithRole(stack(), "rita.refunds@example.com", "creator")), productId: "" };
  stripeSeller.secretKey = "sk_test_rita_refunds_0001";
  const savedStripe = await call(stack(), "POST", "/api/payment-integration", {
    cookie: stripeSeller.cookie,
    body: {
      provider: "stripe",
      stripe_publishable_key: "pk_test_rita_refunds_0001",
      stripe_secret_key: "sk_test_rita_refunds_0001",
    },
  });
  expect(savedStripe.status).toBe(200);
  stripeSeller.productId = await product(stripeSeller.cookie, "refundable-kit", { license_keys: true });

  paypalSeller = { ...(await signInWithRole(stack(), "pia.refunds@example.com", "creator")), productId: "" };
  await connectPayPal(stack(), paypalSeller, "pia-refunds-app", "pia-refunds-secret");
  paypalSeller.productId = await product(paypalSeller.cookie, "paypal-planner");

  otherCreator = await signInWithRole(stack(), "oscar.refunds@example.com", "creator");
  buyer = await signInWithRole(stack(), "bea.refunds@example.com", "customer");
});

describe("POST /api/sales/{id}/refund with Stripe", () => {
  it("refunds the creator's own sale at Stripe, marks it refunded, revokes access and takes back the figures", async () => {
    const saleId = await buyWithStripe();
    const before = await stats(stripeSeller);
    expect((await openContent(saleId)).status).toBe(200);
    const mine = async () =>
      (await call(stack(), "GET", "/api/customer/purchases", { cookie: buyer.cookie })).json.purchases.find(
        (p: { id: string }) => p.id === saleId,
      );
    const { access_url, license_key } = await mine();
    const verifyKey = () =>
      call(stack(), "POST", "/api/licenses/verify", {
        body: { product_id: stripeSeller.productId, license_key, increment_uses_count: false },
      });
    expect((await verifyKey()).json.valid).toBe(true);
    const account = await stripeAccount();
    // The webhook arrives only after our answer, so the answer itself proves our call's path.
    await account.webhooks(false);
    const res = await refund(saleId, stripeSeller);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, pending: false, purchase: { id: saleId, status: "refunded" } });
    // The answer's id is the id the sale has in the sales history.
    expect((await history(stripeSeller)).find((s) => s.id === res.json.purchase.id)?.status).toBe("refunded");
    const charge = await account.chargeOf(saleId);
    expect(charge).toMatchObject({ amount: 1500, amount_refunded: 1500, refunded: true });
    await stack().stream.idle(); // the figures follow from the table's stream
    expect(await stats(stripeSeller)).toMatchObject({
      totalSales: before.totalSales - 1,
      totalRevenue: before.totalRevenue - 1500,
    });
    expect((await openContent(saleId)).status).toBe(403);
    expect(await mine()).toMatchObject({ status: "refunded", access_url: null });
    // The link the buyer kept and the licence key stop working with the creator's refund too.
    expect(await linkStatus(access_url)).toBe(410);
    expect((await verifyKey()).json).toEqual({ valid: false, reason: "refunded" });

    // Stripe's webhook for the same refund arrives afterwards, even twice: nothing counts again.
    await account.webhooks(true);
    await deliverRefundWebhook(charge.id);
    await deliverRefundWebhook(charge.id);
    expect(await stats(stripeSeller)).toMatchObject({
      totalSales: before.totalSales - 1,
      totalRevenue: before.totalRevenue - 1500,
    });
  });

  it("a refund made in Stripe whose webhook is late: the creator's refund confirms it once, nothing twice", async () => {
    const saleId = await buyWithStripe();
    const before = await stats(stripeSeller);
    const account = await stripeAccount();
    await account.webhooks(false);
    const pi = (await account.chargeOf(saleId)).payment_intent as string;
    await account.stripe.refunds.create({ payment_intent: pi });
    const res = await refund(saleId, stripeSeller);
    expect(res.status).toBe(200);
    expect(res.json.purchase).toMatchObject({ id: saleId, status: "refunded" });
    await account.webhooks(true);
    await deliverRefundWebhook((await account.chargeOf(saleId)).id);
    expect(await stats(stripeSeller)).toMatchObject({
      totalSales: before.totalSales - 1,
      totalRevenue: before.totalRevenue - 1500,
    });
  });

  it("another creator gets 404, a customer 403, a second refund 409 with a message; an admin may refund", async () => {
    const saleId = await buyWithStripe();
    const foreign = await refund(saleId, otherCreator);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("Sale not found.");
    expect((await refund("cs_no_such_sale", stripeSeller)).status).toBe(404);
    expect((await refund(saleId, buyer)).status).toBe(403);
    expect((await history(stripeSeller)).find((s) => s.id === saleId)?.status).toBe("completed");

    const admin = await signInAdmin(stack());
    const byAdmin = await refund(saleId, admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json.purchase.status).toBe("refunded");
    const again = await refund(saleId, stripeSeller);
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("This sale has already been refunded. Nothing more was changed.");
  });

  it("Stripe down: 502 with a message, and nothing changed anywhere", async () => {
    const saleId = await buyWithStripe();
    const before = await stats(stripeSeller);
    const real = process.env.STRIPE_API_URL;
    process.env.STRIPE_API_URL = CLOSED_PORT;
    let res;
    try {
      res = await refund(saleId, stripeSeller);
    } finally {
      process.env.STRIPE_API_URL = real;
    }
    expect(res.status).toBe(502);
    expect(res.json.error).toMatch(/^Stripe could not make this refund right now\. Nothing was changed/);
    await settle();
    expect((await history(stripeSeller)).find((s) => s.id === saleId)?.status).toBe("completed");
    expect(await stats(stripeSeller)).toEqual(before);
    expect((await (await stripeAccount()).chargeOf(saleId)).amount_refunded).toBe(0);
    expect((await openContent(saleId)).status).toBe(200);
    // Stripe is back: the same refund goes through.
    expect((await refund(saleId, stripeSeller)).status).toBe(200);
  });
});

describe("POST /api/sales/{id}/refund with PayPal", () => {
  const merchant = () => paypalMerchant(stack(), "pia-refunds-app");
  const captureOf = (saleId: string) => Object.values(merchant().captures).find((c) => c.custom_id === saleId)!;

  it("refunds the creator's own PayPal sale at PayPal, once, even when PayPal's webhook is delivered again", async () => {
    const saleId = await buyWithPayPal();
    const before = await stats(paypalSeller);
    expect(before.totalRevenue).toBeGreaterThanOrEqual(1500);
    const res = await refund(saleId, paypalSeller);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, purchase: { id: saleId, status: "refunded" } });
    expect((await history(paypalSeller)).find((s) => s.id === saleId)?.status).toBe("refunded");
    expect(captureOf(saleId).status).toBe("REFUNDED");
    await settle();
    const refunded = merchant().events.find((r) => r.event.event_type === "PAYMENT.CAPTURE.REFUNDED")!;
    stack().paypal.events.resend(merchant(), refunded.event.id);
    await settle();
    expect(await stats(paypalSeller)).toMatchObject({
      totalSales: before.totalSales - 1,
      totalRevenue: before.totalRevenue - 1500,
    });
    expect((await openContent(saleId)).status).toBe(403);
    expect((await refund(saleId, paypalSeller)).status).toBe(409);
  });

  it("PayPal down: 502 and nothing changed", async () => {
    const saleId = await buyWithPayPal();
    const before = await stats(paypalSeller);
    const real = process.env.PAYPAL_API_URL;
    process.env.PAYPAL_API_URL = CLOSED_PORT;
    let res;
    try {
      res = await refund(saleId, paypalSeller);
    } finally {
      process.env.PAYPAL_API_URL = real;
    }
    expect(res.status).toBe(502);
    expect(res.json.error).toMatch(/^PayPal could not make this refund right now/);
    await settle();
    expect((await history(paypalSeller)).find((s) => s.id === saleId)?.status).toBe("completed");
    expect(await stats(paypalSeller)).toEqual(before);
    expect(captureOf(saleId).status).toBe("COMPLETED");
  });
});
