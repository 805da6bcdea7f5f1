import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signInWithRole, type Person } from "./actors";

/**
 * Settings → Payment Setup with PayPal: credentials checked with PayPal,
 * Payloft's webhook registered on the seller's app, the secret encrypted and masked; refused
 * credentials are a 400 that saves nothing. Runs against the local PayPal sandbox.
 */
const stack = useStack();
let ivy: Person;

const paypal = (clientId: string, secret = `${clientId}-secret-9876`, more: Record<string, unknown> = {}) => ({
  provider: "paypal",
  is_live: false,
  is_active: true,
  stripe_publishable_key: "",
  stripe_secret_key: "",
  paypal_client_id: clientId,
  paypal_client_secret: secret,
  paypal_webhook_id: "",
  ...more,
});

/** The sandbox merchants' webhooks pointing at a seller's PayPal webhook route. */
const webhooksFor = (sellerId: string) =>
  [...stack().paypal.store.merchants.values()].flatMap((m) =>
    Object.values(m.webhooks)
      .filter((w) => w.url === `${stack().url}/api/webhooks/paypal/${sellerId}`)
      .map((w) => ({
        merchant: m.client_id,
        id: w.id as string,
        events: w.event_types.map((e: { name: string }) => e.name),
      })),
  );

beforeAll(async () => {
  ivy = await signInWithRole(stack(), "ivy.paypal@example.com", "creator");
});

describe("PayPal credentials through POST /api/payment-integration", () => {
  it("checks them with PayPal, registers Payloft's webhook, stores the secret encrypted and answers it masked (free plan)", async () => {
    expect((await call(stack(), "GET", "/api/profile", { cookie: ivy.cookie })).json.plan).toMatch(/free|null/);
    const saved = await call(stack(), "POST", "/api/payment-integration", {
      cookie: ivy.cookie,
      body: paypal("ivy-app"),
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      provider: "paypal",
      paypal_client_id: "ivy-app",
      paypal_client_secret: "ivy...9876",
    });
    expect(saved.text).not.toContain("ivy-app-secret-9876");
    const hooks = webhooksFor(ivy.id);
    expect(hooks).toEqual([
      {
        merchant: "ivy-app",
        id: saved.json.paypal_webhook_id,
        events: [
          "PAYMENT.CAPTURE.COMPLETED",
          "CHECKOUT.ORDER.VOIDED",
          "PAYMENT.CAPTURE.REFUNDED",
          "PAYMENT.CAPTURE.REVERSED",
          "CUSTOMER.DISPUTE.CREATED",
          // Memberships: a subscription's charges and its own events.
          "PAYMENT.SALE.COMPLETED",
          "PAYMENT.SALE.REFUNDED",
          "PAYMENT.SALE.REVERSED",
          "BILLING.SUBSCRIPTION.ACTIVATED",
          "BILLING.SUBSCRIPTION.UPDATED",
          "BILLING.SUBSCRIPTION.RE-ACTIVATED",
          "BILLING.SUBSCRIPTION.CANCELLED",
          "BILLING.SUBSCRIPTION.SUSPENDED",
          "BILLING.SUBSCRIPTION.EXPIRED",
          "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
        ],
      },
    ]);
    const { IntegrationEntity } = await import("@payloft/core/db/entities");
    const item = (await IntegrationEntity.get({ user_id: ivy.id }).go()).data!;
    expect(JSON.stringify(item)).not.toContain("ivy-app-secret-9876");
    expect(item.paypal_client_secret_enc).toMatch(/^v1:/);
    expect(
      (await call(stack(), "GET", "/api/payment-integration", { cookie: ivy.cookie })).json.paypal_client_secret,
    ).toBe("ivy...9876");
  });

  it("keeps the webhook when the masked secret comes back unchanged; new credentials move it to the new app", async () => {
    const first = webhooksFor(ivy.id)[0]!;
    const again = await call(stack(), "POST", "/api/payment-integration", {
      cookie: ivy.cookie,
      body: paypal("ivy-app", "ivy...9876", { is_active: false }),
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ is_active: false, paypal_webhook_id: first.id });
    expect(webhooksFor(ivy.id)).toHaveLength(1);

    const moved = await call(stack(), "POST", "/api/payment-integration", {
      cookie: ivy.cookie,
      body: paypal("ivy-new-app"),
    });
    expect(moved.status).toBe(200);
    expect(webhooksFor(ivy.id)).toEqual([
      expect.objectContaining({ merchant: "ivy-new-app", id: moved.json.paypal_webhook_id }),
    ]);
  });

  it("answers refused credentials with a 400 naming the problem, and keeps what was saved before", async () => {
    const before = (await call(stack(), "GET", "/api/payment-integration", { cookie: ivy.cookie })).json;
    const res = await call(stack(), "POST", "/api/payment-integration", {
      cookie: ivy.cookie,
      body: paypal("refused-app"),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/PayPal refused this client ID and secret/);
    expect((await call(stack(), "GET", "/api/payment-integration", { cookie: ivy.cookie })).json).toEqual(before);
    expect(webhooksFor(ivy.id).map((h) => h.merchant)).toEqual(["ivy-new-app"]);
  });

  it("saves nothing for a new seller whose credentials are refused, missing or malformed", async () => {
    const zed = await signInWithRole(stack(), "zed.paypal@example.com", "creator");
    for (const [body, message] of [
      [paypal("refused-zed"), /PayPal refused/],
      [paypal("zed-app", ""), /Enter your PayPal client secret/],
      [paypal(""), /Enter your PayPal client ID/],
      [paypal("zed app with spaces"), /one word/],
      [paypal("zed-app", "zed...0000"), /Enter your PayPal client secret/],
    ] as const) {
      const res = await call(stack(), "POST", "/api/payment-integration", { cookie: zed.cookie, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(message);
    }
    expect((await call(stack(), "GET", "/api/payment-integration", { cookie: zed.cookie })).json).toBeNull();
    expect(webhooksFor(zed.id)).toEqual([]);
  });

  it("makes the sales page say paypal, and DELETE removes the webhook from the seller's app", async () => {
    const product = await call(stack(), "POST", "/api/products", {
      cookie: ivy.cookie,
      body: { name: "Guide", price: "25.99", content_url: "https://files.example.com/g.pdf", media_type: "none" },
    });
    expect(product.status).toBe(201);
    expect((await call(stack(), "GET", `/api/public/payment-info/${product.json.id}`)).json).toEqual({
      provider: "paypal",
    });
    expect((await call(stack(), "DELETE", "/api/payment-integration", { cookie: ivy.cookie })).status).toBe(200);
    expect(webhooksFor(ivy.id)).toEqual([]);
    expect((await call(stack(), "GET", `/api/public/payment-info/${product.json.id}`)).json).toEqual({
      provider: null,
    });
  });
});
