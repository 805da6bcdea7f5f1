import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";

const stack = useStack();
let cookie: string;

const stripeTest = {
  provider: "stripe",
  is_live: false,
  is_active: true,
  stripe_publishable_key: "pk_test_integration_seller",
  stripe_secret_key: "sk_test_integration_seller",
  paypal_client_id: "",
  paypal_client_secret: "",
  paypal_webhook_id: "",
};

beforeAll(async () => {
  cookie = await signIn(stack(), { email: "ivy@example.com", name: "Ivy" });
  await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "creator" } });
});

describe("/api/payment-integration", () => {
  it("answers null before anything is saved", async () => {
    const res = await call(stack(), "GET", "/api/payment-integration", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toBeNull();
  });

  it("saves sandbox Stripe keys and only ever answers the secret masked", async () => {
    const saved = await call(stack(), "POST", "/api/payment-integration", { cookie, body: stripeTest });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      provider: "stripe",
      is_live: false,
      is_active: true,
      stripe_secret_key: "sk_test_...ller",
    });
    expect(saved.text).not.toContain("sk_test_integration_seller");
    const got = await call(stack(), "GET", "/api/payment-integration", { cookie });
    expect(got.json.stripe_secret_key).toBe("sk_test_...ller");
    expect(got.json.updated_at).toEqual(expect.any(String));
    // The form sends the masked value back unchanged: the stored key is kept.
    const again = await call(stack(), "POST", "/api/payment-integration", {
      cookie,
      body: { ...stripeTest, stripe_secret_key: got.json.stripe_secret_key, is_active: false },
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ is_active: false, stripe_secret_key: "sk_test_...ller" });
  });

  it("refuses a test key in Live mode with a message that says what to fix", async () => {
    const res = await call(stack(), "POST", "/api/payment-integration", {
      cookie,
      body: { ...stripeTest, is_live: true },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/Live mode but entered test keys/);
  });

  it("deletes the integration; checkout info goes back to no provider", async () => {
    const del = await call(stack(), "DELETE", "/api/payment-integration", { cookie });
    expect(del.status).toBe(200);
    expect((await call(stack(), "GET", "/api/payment-integration", { cookie })).json).toBeNull();
  });

  it("is for creators only", async () => {
    expect((await call(stack(), "GET", "/api/payment-integration")).status).toBe(401);
    const buyer = await signIn(stack(), { email: "kim@example.com", name: "Kim" });
    await call(stack(), "POST", "/api/profile/role", { cookie: buyer, body: { role: "customer" } });
    expect((await call(stack(), "POST", "/api/payment-integration", { cookie: buyer, body: stripeTest })).status).toBe(
      403,
    );
  });
});
