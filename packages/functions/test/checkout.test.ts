import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";

const stack = useStack();
const SECRET = "sk_test_checkout_seller";

async function creator(email: string, plan = "pro") {
  const cookie = await signIn(stack(), { email, name: email.split("@")[0] });
  const role = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "creator" } });
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: role.json.id }).set({ plan }).go();
  return { cookie, id: role.json.id as string };
}

async function product(cookie: string, extra: Record<string, unknown> = {}) {
  const res = await call(stack(), "POST", "/api/products", {
    cookie,
    body: {
      name: "Checkout Guide",
      description: "How to sell",
      price: "12.34",
      content_url: "https://files.example.com/checkout.pdf",
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.id as string;
}

const createSession = (body: unknown) => call(stack(), "POST", "/api/checkout/create-session", { body });

let seller: { cookie: string; id: string };
let productId: string;

beforeAll(async () => {
  seller = await creator("sol@example.com");
  productId = await product(seller.cookie);
});

describe("POST /api/checkout/create-session", () => {
  it("refuses when the seller has no payment setup, with the clear text", async () => {
    const res = await createSession({ productId });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("This seller has not set up payments yet.");
  });

  it("validates the body and the product", async () => {
    expect((await createSession({})).json.error).toBe("Please choose a product to buy.");
    const missing = await createSession({ productId: "nope" });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe("Product not found");
  });

  it("gives a PayPal seller whose integration cannot take payments the spec's alert text", async () => {
    const paypal = await creator("pat@example.com");
    const id = await product(paypal.cookie);
    // Saved before credentials were checked and a webhook registered: no PayPal payments possible.
    const { IntegrationEntity } = await import("@payloft/core/db/entities");
    await IntegrationEntity.put({ user_id: paypal.id, provider: "paypal", paypal_client_id: "pp-client" }).go();
    expect((await call(stack(), "GET", `/api/public/payment-info/${id}`)).json).toEqual({ provider: "paypal" });
    const res = await createSession({ productId: id });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("PayPal integration is coming soon. Please contact the seller directly.");
  });

  it("creates a session on the seller's Stripe at the stored price and remembers it", async () => {
    const saved = await call(stack(), "POST", "/api/payment-integration", {
      cookie: seller.cookie,
      body: {
        provider: "stripe",
        is_live: false,
        is_active: true,
        stripe_publishable_key: "pk_test_checkout_seller",
        stripe_secret_key: SECRET,
      },
    });
    expect(saved.status).toBe(200);
    expect((await call(stack(), "GET", `/api/public/payment-info/${productId}`)).json).toEqual({ provider: "stripe" });

    // A client-sent amount is ignored: the charge comes from the server's record (rule: Cents and server prices).
    const res = await createSession({ productId, price: 1, amount: 1 });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/\/pay\/cs_test_/);
    const sessionId = res.json.url.split("/pay/")[1];

    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    const record = (await CheckoutEntity.get({ session_id: sessionId }).go()).data;
    expect(record).toMatchObject({ kind: "product", product_id: productId, creator_id: seller.id, amount: 1234 });

    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const session = await stripeClient(SECRET).checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 1234,
      metadata: { kind: "product", product_id: productId, creator_id: seller.id },
      cancel_url: `${stack().url}/product/${productId}`,
    });
    expect(session.success_url).toBe(`${stack().url}/checkout/success?session_id={CHECKOUT_SESSION_ID}`);
  });

  it("refuses an inactive product", async () => {
    const id = await product(seller.cookie, { name: "Paused" });
    await call(stack(), "PUT", `/api/products/${id}`, { cookie: seller.cookie, body: { is_active: false } });
    const res = await createSession({ productId: id });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("This product is currently unavailable for purchase.");
  });

  it("answers 502 'Failed to create checkout session' when Stripe cannot be reached", async () => {
    const original = process.env.STRIPE_API_URL;
    process.env.STRIPE_API_URL = "http://127.0.0.1:9"; // nothing listens on the discard port
    try {
      const res = await createSession({ productId });
      expect(res.status).toBe(502);
      expect(res.json.error).toBe("Failed to create checkout session");
    } finally {
      process.env.STRIPE_API_URL = original;
    }
  });
});

describe("GET /api/checkout/success", () => {
  it("needs a session id and answers 404 for an unknown one", async () => {
    const none = await call(stack(), "GET", "/api/checkout/success");
    expect(none.status).toBe(400);
    expect(none.json.error).toBe("Invalid checkout session");
    const unknown = await call(stack(), "GET", "/api/checkout/success?session_id=cs_test_unknown");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe("Purchase details not found");
  });

  it("answers the purchase after paying on the sandbox page, with the content link", async () => {
    const { url } = (await createSession({ productId })).json;
    const paid = await fetch(url, {
      method: "POST",
      body: new URLSearchParams({ email: "buyer@example.com", card: "4242424242424242" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!);
    expect(back.pathname).toBe("/checkout/success");
    const sessionId = back.searchParams.get("session_id")!;

    const res = await call(stack(), "GET", `/api/checkout/success?session_id=${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.json.product).toEqual({ name: "Checkout Guide", description: "How to sell" });
    // The content is delivered through the purchase's access link (rule: Access links).
    const opened = await fetch(res.json.purchase.access_url, { redirect: "manual" });
    expect(opened.headers.get("location")).toBe("https://files.example.com/checkout.pdf");
    expect(res.json.purchase).toMatchObject({
      amount: 1234,
      customer_email: "buyer@example.com",
      created_at: expect.any(String),
    });

    // Fulfilled exactly once however many times the page is loaded.
    await call(stack(), "GET", `/api/checkout/success?session_id=${sessionId}`);
    const list = await call(stack(), "GET", "/api/products", { cookie: seller.cookie });
    const mine = list.json.find((p: { id: string }) => p.id === productId);
    expect(mine).toMatchObject({ sales_count: 1, total_revenue: 1234 });
  });
});
