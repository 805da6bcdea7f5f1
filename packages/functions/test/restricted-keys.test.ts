import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage, restrictedKey, settle } from "@payloft/local/stripe-sandbox/testing";
import { signInWithRole, type Person } from "./actors";

/**
 * Sellers' restricted Stripe keys (rk_…), as Stripe recommends: the sandbox makes them for an
 * account and refuses calls outside their permissions with Stripe's own 403; Payment Setup
 * accepts one, checks its permissions on save and names what is missing; a key with exactly
 * the permissions Payloft lists sells, confirms and refunds end to end.
 */
const stack = useStack();

const PAYLOFT = [
  "rak_checkout_session_write",
  "rak_webhook_write",
  "rak_refund_write",
  "rak_payment_intent_read",
  "rak_charge_read",
];

/** A Stripe account in the sandbox: its secret and publishable keys. */
const account = () => {
  const tag = randomUUID().replaceAll("-", "").slice(0, 12);
  return { sk: `sk_test_${tag}`, pk: `pk_test_${tag}` };
};

const save = (who: Person, pk: string, secret: string, is_live = false) =>
  call(stack(), "POST", "/api/payment-integration", {
    cookie: who.cookie,
    body: { provider: "stripe", is_active: true, is_live, stripe_publishable_key: pk, stripe_secret_key: secret },
  });

const sdk = (key: string) =>
  new Stripe(key, {
    host: "localhost",
    port: Number(new URL(stack().stripe.url).port),
    protocol: "http",
    maxNetworkRetries: 0,
  });

describe("the sandbox models restricted keys", () => {
  it("refuses a call outside the key's permissions with Stripe's exact 403, and allows the rest", async () => {
    const { sk } = account();
    const rk = await restrictedKey(stack(), sk, ["rak_checkout_session_write", "rak_charge_read"]);
    expect(rk).toMatch(/^rk_test_[A-Za-z0-9]{99}$/);

    const raw = await fetch(`${stack().stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${rk}`, "content-type": "application/x-www-form-urlencoded" },
      body: "payment_intent=pi_nope",
    });
    expect(raw.status).toBe(403);
    const accountId = (
      (await (
        await fetch(`${stack().stripe.url}/v1/account`, { headers: { authorization: `Bearer ${sk}` } })
      ).json()) as {
        id: string;
      }
    ).id;
    expect(await raw.json()).toEqual({
      error: {
        message: `The provided key 'rk_test_${"*".repeat(93)}${rk.slice(-6)}' does not have the required permissions for this endpoint on account '${accountId}'. Having the 'rak_refund_write' permission would allow this request to continue.`,
        type: "invalid_request_error",
      },
    });
    // Through the SDK: Stripe's permission error, before the missing id is even looked at.
    await expect(sdk(rk).refunds.create({ payment_intent: "pi_nope" })).rejects.toMatchObject({
      type: "StripePermissionError",
      statusCode: 403,
    });
    await expect(sdk(rk).webhookEndpoints.list()).rejects.toMatchObject({ statusCode: 403 });
    // Allowed (write includes read): the id is looked up and is missing.
    await expect(sdk(rk).checkout.sessions.retrieve("cs_nope")).rejects.toMatchObject({ statusCode: 404 });
    await expect(sdk(rk).charges.retrieve("ch_nope")).rejects.toMatchObject({ statusCode: 404 });

    // The key acts on its account: a session made with it is the secret key's session.
    const session = await sdk(rk).checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 900, product_data: { name: "Kit" } } }],
      success_url: "http://shop.local/ok",
    });
    expect((await sdk(sk).checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    // A restricted key nobody made is an invalid key, as at Stripe.
    await expect(sdk(`rk_test_${"x".repeat(99)}`).checkout.sessions.retrieve("cs_nope")).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});

describe("Payment Setup with a restricted key", () => {
  it("names every permission the key lacks, and saves nothing", async () => {
    const seller = await signInWithRole(stack(), "rina.restricted@example.com", "creator");
    const { sk, pk } = account();
    const partial = await restrictedKey(stack(), sk, [
      "rak_checkout_session_write",
      "rak_webhook_write",
      "rak_payment_intent_read",
    ]);
    const res = await save(seller, pk, partial);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(
      "Your restricted key is missing these permissions: Refunds: Write, Charges: Read. Add them to the key in your Stripe dashboard (Developers → API keys), then save again.",
    );
    expect((await call(stack(), "GET", "/api/payment-integration", { cookie: seller.cookie })).json).toBeNull();

    const none = await save(seller, pk, await restrictedKey(stack(), sk, []));
    expect(none.status).toBe(400);
    expect(none.json.error).toMatch(
      /^Your restricted key is missing these permissions: Checkout Sessions: Write, Webhook Endpoints: Write, Refunds: Write, PaymentIntents: Read, Charges: Read\./,
    );

    const unknown = await save(seller, pk, `rk_test_${"y".repeat(99)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe("Your Stripe key was rejected by Stripe. Check it and try again.");
    const wrongMode = await save(seller, pk, `rk_live_${"z".repeat(99)}`);
    expect(wrongMode.status).toBe(400);
  });

  it("a key with exactly the listed permissions sells, confirms and refunds end to end", async () => {
    const seller = await signInWithRole(stack(), "ravi.restricted@example.com", "creator");
    const { sk, pk } = account();
    const { STRIPE_KEY_PERMISSIONS } = await import("@payloft/core/integration/stripe-permissions");
    expect(STRIPE_KEY_PERMISSIONS.map((p) => p.slug)).toEqual(PAYLOFT);
    const rk = await restrictedKey(stack(), sk, PAYLOFT);
    const saved = await save(seller, pk, rk);
    expect(saved.status).toBe(200);
    expect(saved.json.stripe_secret_key).toBe(`rk_test_...${rk.slice(-4)}`);
    expect(saved.text).not.toContain(rk);
    // The seller's endpoint was registered on the key's account.
    const endpoints = await sdk(sk).webhookEndpoints.list();
    expect(endpoints.data.map((e) => e.url)).toContain(`${stack().url}/api/webhooks/stripe/${seller.id}`);

    const { ProductEntity, PurchaseEntity } = await import("@payloft/core/db/entities");
    const productId = `prod-${randomUUID().slice(0, 8)}`;
    await ProductEntity.put({
      id: productId,
      creator_id: seller.id,
      name: "Restricted Kit",
      description: "Sold with a restricted key",
      price: 1900,
      content_url: "https://files.example.com/kit.zip",
    }).go();
    const { Checkout } = await import("@payloft/core/checkout/index");
    const { url } = await Checkout.createSession({ productId });
    await payOnHostedPage(url, "rk.buyer@example.com");
    await settle(stack());
    const sessionId = decodeURIComponent(url.split("/pay/")[1]!);
    expect((await PurchaseEntity.get({ id: sessionId }).go()).data).toMatchObject({
      status: "completed",
      amount: 1900,
    });
    const page = await call(stack(), "GET", `/api/checkout/success?session_id=${sessionId}`);
    expect(page.status).toBe(200);

    const refunded = await call(stack(), "POST", `/api/sales/${sessionId}/refund`, { cookie: seller.cookie });
    expect(refunded.status).toBe(200);
    expect((await PurchaseEntity.get({ id: sessionId }).go()).data).toMatchObject({ status: "refunded" });
  });
});
