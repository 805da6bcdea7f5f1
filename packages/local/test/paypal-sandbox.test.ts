import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../src/testing/receiver";
import { randomUUID } from "node:crypto";
import { paypalClient, PayPalRequestError, valueToCents, type PayPalClient } from "@payloft/core/paypal/client";
import { startPayPalSandbox, type PayPalSandbox } from "../src/paypal-sandbox/index";

/**
 * The PayPal sandbox driven by Payloft's own PayPal client over HTTP, and its webhook
 * deliveries received by a real HTTP endpoint that asks verify-webhook-signature about them.
 */
let sandbox: PayPalSandbox;
let receiver: Receiver;
let receiverUrl = "";
type Received = { event: any; raw: string; headers: Record<string, string> };
const received: Received[] = [];
/** Answers 500 to this many requests before accepting, to exercise redelivery. */
let failNext = 0;

const seller = (id = "seller-AAAA") => paypalClient({ clientId: id, clientSecret: `${id}-secret`, live: false });
let client: PayPalClient;
let webhookId = "";

beforeAll(async () => {
  sandbox = await startPayPalSandbox({ port: 0, retryDelaysMs: [100, 200] });
  process.env.PAYPAL_API_URL = sandbox.url;
  client = seller();
  receiver = await startReceiver("/paypal-hook", (raw, headers) => {
    if (failNext > 0) {
      failNext--;
      return 500;
    }
    received.push({ event: JSON.parse(raw), raw, headers: headers as Record<string, string> });
  });
  receiverUrl = receiver.url;
});

afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

/** `fn()` once the sandbox has sent every delivery (and retry); fails if it has nothing then. */
async function waitFor<T>(fn: () => T | undefined): Promise<T> {
  await sandbox.idle();
  const v = fn();
  if (!v) throw new Error("nothing matching once every delivery was sent");
  return v;
}
const delivered = (type: string, match: (resource: any) => boolean) =>
  waitFor(() => received.find((r) => r.event.event_type === type && match(r.event.resource)));

const order = (c: PayPalClient, customId = randomUUID(), value = "25.99") =>
  c.createOrder(
    {
      amount: { currency_code: "USD", value },
      customId,
      invoiceId: customId,
      description: "Design Kit",
      brandName: "Payloft",
      returnUrl: "http://shop.test/api/checkout/paypal/return",
      cancelUrl: "http://shop.test/product/p1",
    },
    `create-${customId}`,
  );

/** What the approve page's button posts; answers where the browser is sent next. */
async function approve(approveUrl: string, email = "pat@example.com") {
  const res = await fetch(approveUrl, { method: "POST", body: new URLSearchParams({ email }), redirect: "manual" });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!);
}
const approveLink = (o: { links: { rel: string; href: string }[] }) =>
  o.links.find((l) => l.rel === "payer-action" || l.rel === "approve")!.href;

describe("PayPal sandbox through Payloft's client", () => {
  it("gives any client id/secret pair a token, and refuses the documented 'refused' pattern", async () => {
    await expect(client.checkCredentials()).resolves.toBeUndefined();
    const err = await seller("refused-client")
      .checkCredentials()
      .catch((e) => e);
    expect(err).toBeInstanceOf(PayPalRequestError);
    expect(err.isAuthFailure).toBe(true);
    expect(err.status).toBe(401);
  });

  it("keeps each credential pair a merchant of its own", async () => {
    const mine = await order(client);
    const err = await seller("seller-BBBB")
      .getOrder(mine.id)
      .catch((e) => e);
    expect(err.status).toBe(404);
    expect((await client.getOrder(mine.id)).id).toBe(mine.id);
  });

  it("registers a webhook with PayPal's event names, refusing unknown names and a second one for the same URL", async () => {
    const bad = await client.createWebhook(receiverUrl, ["PAYMENT.CAPTURE.DONE"]).catch((e) => e);
    expect(bad.status).toBe(400);
    const hook = await client.createWebhook(receiverUrl, [
      "PAYMENT.CAPTURE.COMPLETED",
      "PAYMENT.CAPTURE.REFUNDED",
      "CUSTOMER.DISPUTE.CREATED",
    ]);
    webhookId = hook.id;
    const dup = await client.createWebhook(receiverUrl, ["PAYMENT.CAPTURE.COMPLETED"]).catch((e) => e);
    expect(dup.errorName).toBe("WEBHOOK_URL_ALREADY_EXISTS");
    expect((await client.listWebhooks()).map((w) => w.id)).toEqual([hook.id]);
    const temp = await client.createWebhook("http://127.0.0.1:9/other", ["*"]);
    await client.deleteWebhook(temp.id);
    const gone = await client.deleteWebhook(temp.id).then(
      () => null,
      (e: PayPalRequestError) => e,
    );
    expect(gone?.status).toBe(404);
  });

  it("runs an order: create, approve on the hosted page, capture once; the capture is delivered signed", async () => {
    const customId = randomUUID();
    const created = await order(client, customId);
    expect(created.status).toBe("PAYER_ACTION_REQUIRED");
    const notYet = await client.captureOrder(created.id, `cap-early-${customId}`).catch((e) => e);
    expect(notYet.issue).toBe("ORDER_NOT_APPROVED");

    const page = await (await fetch(approveLink(created))).text();
    expect(page).toContain("Pay with PayPal");
    expect(page).toContain("$25.99");
    expect(page).toContain("http://shop.test/product/p1?token=");
    const back = await approve(approveLink(created));
    expect(back.pathname).toBe("/api/checkout/paypal/return");
    expect(back.searchParams.get("token")).toBe(created.id);
    expect(back.searchParams.get("PayerID")).toMatch(/^[A-Z0-9]{13}$/);

    const captured = await client.captureOrder(created.id, `cap-${customId}`);
    expect(captured.status).toBe("COMPLETED");
    expect(captured.payer?.email_address).toBe("pat@example.com");
    const capture = captured.purchase_units![0]!.payments!.captures![0]!;
    expect(capture).toMatchObject({ status: "COMPLETED", custom_id: customId, invoice_id: customId });
    expect(valueToCents(capture.amount.value)).toBe(2599);
    // The same PayPal-Request-Id replays the first answer; a new one is refused.
    expect((await client.captureOrder(created.id, `cap-${customId}`)).id).toBe(created.id);
    expect((await client.captureOrder(created.id, `cap-again-${customId}`).catch((e) => e)).issue).toBe(
      "ORDER_ALREADY_CAPTURED",
    );

    const got = await delivered("PAYMENT.CAPTURE.COMPLETED", (r) => r.id === capture.id);
    expect(got.event.resource.custom_id).toBe(customId);
    expect(got.event.resource.supplementary_data.related_ids.order_id).toBe(created.id);
    expect(await client.verifyWebhookSignature(got.headers, webhookId, JSON.parse(got.raw))).toBe(true);
  });

  it("says FAILURE for a changed event, another webhook id, missing headers or another merchant", async () => {
    const got = received.find((r) => r.event.event_type === "PAYMENT.CAPTURE.COMPLETED")!;
    const forged = {
      ...JSON.parse(got.raw),
      resource: { ...got.event.resource, amount: { currency_code: "USD", value: "0.01" } },
    };
    expect(await client.verifyWebhookSignature(got.headers, webhookId, forged)).toBe(false);
    expect(await client.verifyWebhookSignature(got.headers, "WH0000000000000000", got.event)).toBe(false);
    const noSig = { ...got.headers, "paypal-transmission-sig": "bm90IGEgc2lnbmF0dXJl" };
    expect(await client.verifyWebhookSignature(noSig, webhookId, got.event)).toBe(false);
    expect(await seller("seller-BBBB").verifyWebhookSignature(got.headers, webhookId, got.event)).toBe(false);
    const missing = await client.verifyWebhookSignature({}, webhookId, got.event).catch((e) => e);
    expect(missing.status).toBe(400);
  });

  it("redelivers after a failed attempt, each attempt signed again", async () => {
    failNext = 1;
    const created = await order(client);
    await approve(approveLink(created));
    const captured = await client.captureOrder(created.id, randomUUID());
    const captureId = captured.purchase_units![0]!.payments!.captures![0]!.id;
    const got = await delivered("PAYMENT.CAPTURE.COMPLETED", (r) => r.id === captureId);
    expect(await client.verifyWebhookSignature(got.headers, webhookId, got.event)).toBe(true);
    await sandbox.idle();
    const record = [...sandbox.store.merchants.values()]
      .flatMap((m) => m.events)
      .find((e) => e.event.resource.id === captureId)!;
    expect(record.deliveries[0]!.attempts.map((a) => a.status)).toEqual([500, 200]);
  });

  it("refunds a capture once (API and events-page helper) and delivers REFUNDED pointing up to the capture", async () => {
    const created = await order(client);
    await approve(approveLink(created));
    const capture = (await client.captureOrder(created.id, randomUUID())).purchase_units![0]!.payments!.captures![0]!;
    const refund = await client.refundCapture(capture.id, randomUUID());
    expect(refund).toMatchObject({ status: "COMPLETED", amount: { value: "25.99" } });
    expect((await client.getCapture(capture.id)).status).toBe("REFUNDED");
    expect((await client.refundCapture(capture.id, randomUUID()).catch((e) => e)).issue).toBe("CAPTURE_FULLY_REFUNDED");
    const got = await delivered("PAYMENT.CAPTURE.REFUNDED", (r) => r.id === refund.id);
    expect(got.event.resource.links.find((l: any) => l.rel === "up").href).toMatch(
      new RegExp(`/v2/payments/captures/${capture.id}$`),
    );

    const other = await order(client);
    await approve(approveLink(other));
    const cap2 = (await client.captureOrder(other.id, randomUUID())).purchase_units![0]!.payments!.captures![0]!;
    const helper = await fetch(`${sandbox.url}/__sandbox/refunds`, {
      method: "POST",
      body: new URLSearchParams({ capture_id: cap2.id }),
    });
    expect(helper.status).toBe(201);
    expect((await client.getCapture(cap2.id)).status).toBe("REFUNDED");
  });

  it("opens a buyer's dispute from the events page: CUSTOMER.DISPUTE.CREATED names the capture", async () => {
    const created = await order(client);
    await approve(approveLink(created));
    const capture = (await client.captureOrder(created.id, randomUUID())).purchase_units![0]!.payments!.captures![0]!;
    const res = await fetch(`${sandbox.url}/__sandbox/disputes`, {
      method: "POST",
      body: new URLSearchParams({ capture_id: capture.id }),
    });
    expect(res.status).toBe(201);
    const got = await delivered(
      "CUSTOMER.DISPUTE.CREATED",
      (r) => r.disputed_transactions?.[0]?.seller_transaction_id === capture.id,
    );
    expect(got.event.resource.status).toBe("OPEN");
    expect(await client.verifyWebhookSignature(got.headers, webhookId, got.event)).toBe(true);
    const page = await (await fetch(`${sandbox.url}/events`)).text();
    expect(page).toContain("CUSTOMER.DISPUTE.CREATED");
  });

  it("refuses a bad amount and a non-CAPTURE intent with PayPal's 400", async () => {
    const bad = await order(client, randomUUID(), "25.999").catch((e) => e);
    expect(bad.status).toBe(400);
    expect(bad.issue).toBe("DECIMAL_PRECISION");
  });
});
