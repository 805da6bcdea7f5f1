import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";
import { settle } from "@payloft/local/stripe-sandbox/testing";

/**
 * Automatic tax (Stripe Tax): a seller's setting beside their Stripe keys turns it on for their
 * product checkouts; the buyer pays price + tax; the purchase keeps the price (the seller's
 * revenue) and the tax apart; the receipt, the success page and Sales History show the tax.
 */
const stack = useStack();
const SECRET = "sk_test_taxSellerKey01";
const ADDRESS = { line1: "Unter den Linden 1", city: "Berlin", postal_code: "10117" };

let seller: { cookie: string; id: string };
let productId: string;

async function load() {
  stack();
  const e = await import("@payloft/core/db/entities");
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  return { ...e, stripe: stripeClient(SECRET) };
}

const saveIntegration = (automatic_tax?: boolean) =>
  call(stack(), "POST", "/api/payment-integration", {
    cookie: seller.cookie,
    body: {
      provider: "stripe",
      is_live: false,
      is_active: true,
      stripe_publishable_key: "pk_test_taxSellerKey01",
      stripe_secret_key: SECRET,
      ...(automatic_tax === undefined ? {} : { automatic_tax }),
    },
  });

async function checkout() {
  const res = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId } });
  expect(res.status).toBe(200);
  const url = res.json.url as string;
  return { url, id: decodeURIComponent(url.split("/pay/")[1]!) };
}

/** The hosted page's Pay button, with the billing address the buyer typed (if any). */
async function pay(url: string, email: string, address: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    body: new URLSearchParams({ email, card: "4242 4242 4242 4242", ...address }),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  await settle(stack());
}

beforeAll(async () => {
  const cookie = await signIn(stack(), { email: "tara@example.com", name: "Tara" });
  const role = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "creator" } });
  seller = { cookie, id: role.json.id };
  const created = await call(stack(), "POST", "/api/products", {
    cookie,
    body: {
      name: "Tax Guide",
      description: "VAT explained",
      price: "20.00",
      content_url: "https://files.example.com/tax.pdf",
    },
  });
  productId = created.json.id;
});

describe("automatic tax", () => {
  it("is a seller setting beside the Stripe keys, off by default, kept when a save leaves it out", async () => {
    expect((await saveIntegration()).json.automatic_tax).toBe(false);
    expect((await saveIntegration(true)).json.automatic_tax).toBe(true);
    expect((await saveIntegration()).json.automatic_tax).toBe(true);
    expect((await call(stack(), "GET", "/api/payment-integration", { cookie: seller.cookie })).json).toMatchObject({
      provider: "stripe",
      automatic_tax: true,
    });
    const bad = await call(stack(), "POST", "/api/payment-integration", {
      cookie: seller.cookie,
      body: { provider: "stripe", automatic_tax: "yes" },
    });
    expect(bad.status).toBe(400);
  });

  it("on: a German buyer pays 2000 + 380 tax; the sale counts 2000 and keeps the 380 apart", async () => {
    const { stripe, PurchaseEntity, CounterEntity } = await load();
    await saveIntegration(true);
    const before = (await CounterEntity.get({ scope: `creator#${seller.id}` }).go()).data?.revenue ?? 0;
    const { url, id } = await checkout();
    expect(await stripe.checkout.sessions.retrieve(id)).toMatchObject({
      automatic_tax: { enabled: true },
      billing_address_collection: "required",
      amount_subtotal: 2000,
    });

    await pay(url, "kai@example.de", { country: "DE", ...ADDRESS });
    expect(await stripe.checkout.sessions.retrieve(id)).toMatchObject({
      amount_subtotal: 2000,
      amount_total: 2380,
      total_details: { amount_tax: 380 },
    });
    expect((await PurchaseEntity.get({ id }).go()).data).toMatchObject({ amount: 2000, tax: 380 });
    const revenue = (await CounterEntity.get({ scope: `creator#${seller.id}` }).go()).data?.revenue ?? 0;
    expect(revenue - before).toBe(2000);

    const page = await call(stack(), "GET", `/api/checkout/success?session_id=${id}`);
    expect(page.json.purchase).toMatchObject({ amount: 2000, tax: 380, total: 2380 });

    const receipt = stack().outbox.messages.find((m) => m.to === "kai@example.de" && m.text.includes(id));
    expect(receipt?.text).toContain("Price: $20.00");
    expect(receipt?.text).toContain("Tax: $3.80");
    expect(receipt?.text).toContain("Amount paid: $23.80");
    expect(receipt?.html).toContain("$3.80");

    const history = await call(stack(), "GET", "/api/sales-history", { cookie: seller.cookie });
    expect(history.json.sales.find((s: { id: string }) => s.id === id)).toMatchObject({ amount: 2000, tax: 380 });
  });

  it("off: no tax asked for, none charged, no address needed", async () => {
    const { stripe, PurchaseEntity } = await load();
    expect((await saveIntegration(false)).json.automatic_tax).toBe(false);
    const { url, id } = await checkout();
    expect((await stripe.checkout.sessions.retrieve(id)).automatic_tax).toMatchObject({ enabled: false });
    await pay(url, "ola@example.com");
    const sale = (await PurchaseEntity.get({ id }).go()).data;
    expect(sale).toMatchObject({ amount: 2000 });
    expect(sale?.tax ?? 0).toBe(0);
    const receipt = stack().outbox.messages.find((m) => m.to === "ola@example.com" && m.text.includes(id));
    expect(receipt?.text).toContain("Amount paid: $20.00");
    expect(receipt?.text).not.toContain("Tax:");
  });

  it("a total that is not subtotal + tax, or tax on a checkout that never asked for it, is not fulfilled", async () => {
    const { PurchaseEntity, CheckoutEntity } = await load();
    await saveIntegration(true);

    // The provider reports one cent more than price + tax.
    const padded = await checkout();
    await pay(padded.url, "mo@example.de", { country: "DE", ...ADDRESS });
    await PurchaseEntity.delete({ id: padded.id }).go();
    stack().stripe.store.find(padded.id)!.object.amount_total = 2381;
    expect((await call(stack(), "GET", `/api/checkout/success?session_id=${padded.id}`)).status).toBe(404);
    expect((await PurchaseEntity.get({ id: padded.id }).go()).data).toBeNull();

    // Tax appeared on a checkout Payloft recorded without automatic tax.
    const untaxed = await checkout();
    await CheckoutEntity.patch({ session_id: untaxed.id }).remove(["automatic_tax"]).go();
    await pay(untaxed.url, "lu@example.fr", { country: "FR", ...ADDRESS });
    expect((await PurchaseEntity.get({ id: untaxed.id }).go()).data).toBeNull();
    expect((await call(stack(), "GET", `/api/checkout/success?session_id=${untaxed.id}`)).status).toBe(404);
  });
});
