import { describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";

const stack = useStack();

/** Integration against DynamoDB Local and the real payments sandbox (keys checked over HTTP). */
async function load() {
  const s = stack();
  const { Integration } = await import("../src/integration/index");
  const { IntegrationEntity } = await import("../src/db/entities");
  return { s, Integration, IntegrationEntity };
}

let n = 0;
const seller = () => `seller-${++n}-${Date.now()}`;
const keys = (tag: string, mode: "test" | "live" = "test") => ({
  stripe_publishable_key: `pk_${mode}_${tag}KeyAbcdef1234`,
  stripe_secret_key: `sk_${mode}_${tag}KeyAbcdef1234`,
});

describe("Integration.save / get", () => {
  it("stores Stripe keys encrypted, answers them masked, and registers the seller's webhook", async () => {
    const { s, Integration, IntegrationEntity } = await load();
    const id = seller();
    const saved = await Integration.save(id, { provider: "stripe", is_active: true, is_live: false, ...keys("one") });
    expect(saved).toMatchObject({
      provider: "stripe",
      is_active: true,
      is_live: false,
      stripe_publishable_key: "pk_test_oneKeyAbcdef1234",
      stripe_secret_key: "sk_test_...1234",
    });
    expect(await Integration.get(id)).toEqual(saved);

    const raw = (await IntegrationEntity.get({ user_id: id }).go()).data!;
    expect(JSON.stringify(raw)).not.toContain("sk_test_oneKeyAbcdef1234");
    expect(raw.stripe_secret_key_enc).toMatch(/^v1:/);
    expect(await Integration.stripeSecretFor(id)).toBe("sk_test_oneKeyAbcdef1234");

    // The endpoint exists in the seller's sandbox account with the secret we stored.
    const account = [...s.stripe.store.accounts.values()].find((a) => a.objects[raw.webhook_endpoint_id!]);
    const endpoint = account!.objects[raw.webhook_endpoint_id!]!;
    expect(endpoint.url).toBe(`${s.url}/api/webhooks/stripe/${id}`);
    expect(endpoint.secret).toBe(await Integration.webhookSecretFor(id));
    expect(await Integration.paymentInfo(id)).toEqual({ provider: "stripe" });
    expect(await Integration.listForAdmin(id)).toEqual([{ id, provider: "stripe", is_live: false, is_active: true }]);
  });

  it("keeps the stored secret when the masked value comes back, and re-registers on a new key", async () => {
    const { s, Integration, IntegrationEntity } = await load();
    const id = seller();
    const first = await Integration.save(id, { provider: "stripe", ...keys("two") });
    const before = (await IntegrationEntity.get({ user_id: id }).go()).data!;
    const again = await Integration.save(id, { ...first, is_active: false });
    expect(again.is_active).toBe(false);
    expect(await Integration.stripeSecretFor(id)).toBe("sk_test_twoKeyAbcdef1234");
    expect(await Integration.paymentInfo(id)).toEqual({ provider: null });
    const same = (await IntegrationEntity.get({ user_id: id }).go()).data!;
    expect(same.webhook_endpoint_id).toBe(before.webhook_endpoint_id);

    await Integration.save(id, { provider: "stripe", is_active: true, ...keys("three") });
    const after = (await IntegrationEntity.get({ user_id: id }).go()).data!;
    expect(after.webhook_endpoint_id).not.toBe(before.webhook_endpoint_id);
    const old = [...s.stripe.store.accounts.values()]
      .flatMap((a) => Object.values(a.objects))
      .find((o) => o.id === before.webhook_endpoint_id);
    expect(old?.status).toBe("deleted");
  });

  it("refuses bad input with messages a person can act on", async () => {
    const { Integration } = await load();
    const id = seller();
    const bad = (input: object) => Integration.save(id, input);
    await expect(bad({ provider: "venmo" })).rejects.toMatchObject({ status: 400, message: Integration.MSG.provider });
    await expect(bad({ provider: "stripe", stripe_secret_key: "sk_test_abcdefgh1234" })).rejects.toMatchObject({
      status: 400,
      message: Integration.MSG.publishableMissing,
    });
    await expect(bad({ provider: "stripe", stripe_publishable_key: "pk_test_abcdefgh1234" })).rejects.toMatchObject({
      status: 400,
      message: Integration.MSG.secretMissing,
    });
    await expect(
      bad({
        provider: "stripe",
        stripe_publishable_key: "pk_test_abcdefgh1234",
        stripe_secret_key: "pk_test_abcdefgh1234",
      }),
    ).rejects.toMatchObject({ message: Integration.MSG.secretFormat });
    await expect(bad({ provider: "stripe", is_live: true, ...keys("four") })).rejects.toMatchObject({
      status: 400,
      message: Integration.MSG.testInLive,
    });
    await expect(bad({ provider: "stripe", is_live: false, ...keys("five", "live") })).rejects.toMatchObject({
      status: 400,
      message: Integration.MSG.liveInTest,
    });
    await expect(
      bad({
        provider: "stripe",
        stripe_publishable_key: "pk_test_abcdefgh1234",
        stripe_secret_key: "sk_live_abcdefgh1234",
      }),
    ).rejects.toMatchObject({ message: Integration.MSG.keysMixed });
    // Well-formed for us, but the sandbox (like Stripe) refuses a key this short.
    await expect(
      bad({ provider: "stripe", stripe_publishable_key: "pk_test_abc", stripe_secret_key: "sk_test_abc" }),
    ).rejects.toMatchObject({ status: 400, message: Integration.MSG.rejected });
    await expect(
      bad({ provider: "stripe", stripe_publishable_key: "pk_test_abcdefgh1234", stripe_secret_key: "sk_test_...1234" }),
    ).rejects.toMatchObject({ message: Integration.MSG.maskedUnknown });
    expect(await Integration.get(id)).toBeNull();
  });

  it("accepts live keys in Live mode", async () => {
    const { Integration } = await load();
    const id = seller();
    const saved = await Integration.save(id, { provider: "stripe", is_live: true, ...keys("six", "live") });
    expect(saved).toMatchObject({ is_live: true, stripe_secret_key: "sk_live_...1234" });
  });

  it("stores PayPal credentials with the secret masked, and remove() deletes everything", async () => {
    const { s, Integration, IntegrationEntity } = await load();
    const id = seller();
    await expect(Integration.save(id, { provider: "paypal", paypal_client_secret: "x" })).rejects.toMatchObject({
      message: Integration.MSG.paypalId,
    });
    const saved = await Integration.save(id, {
      provider: "paypal",
      paypal_client_id: "client-123",
      paypal_client_secret: "paypal-secret-9876",
    });
    expect(saved).toMatchObject({
      provider: "paypal",
      paypal_client_id: "client-123",
      paypal_client_secret: "pay...9876",
    });
    expect(await Integration.paymentInfo(id)).toEqual({ provider: "paypal" });

    await Integration.save(id, { provider: "stripe", ...keys("seven") });
    const endpointId = (await IntegrationEntity.get({ user_id: id }).go()).data!.webhook_endpoint_id!;
    await Integration.remove(id);
    expect(await Integration.get(id)).toBeNull();
    expect(await Integration.paymentInfo(id)).toEqual({ provider: null });
    const endpoint = [...s.stripe.store.accounts.values()]
      .flatMap((a) => Object.values(a.objects))
      .find((o) => o.id === endpointId);
    expect(endpoint?.status).toBe("deleted");
    await Integration.remove(id); // idempotent
  });
});
