import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeClient } from "@payloft/core/payment/stripe";
import { startStripeSandbox, type StripeSandbox } from "../src/stripe-sandbox/index";

/**
 * Stripe Tax in the payments sandbox, through the real SDK: `automatic_tax[enabled]` and
 * `billing_address_collection=required` are accepted, the hosted page asks for an address, and
 * the paid session carries Stripe's fields (amount_subtotal, total_details.amount_tax,
 * amount_total = subtotal + tax, automatic_tax.status, customer_details.address, locale).
 */
let sandbox: StripeSandbox;
const SELLER = "sk_test_taxSellerAAAA1111";

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, retryDelaysMs: [100] });
  process.env.STRIPE_API_URL = sandbox.url;
});
afterAll(async () => {
  await sandbox?.stop();
});

const stripe = () => stripeClient(SELLER);
const session = (tax: boolean) =>
  stripe().checkout.sessions.create({
    mode: "payment",
    line_items: [
      { quantity: 1, price_data: { currency: "eur", unit_amount: 2000, product_data: { name: "Font pack" } } },
    ],
    success_url: "http://localhost/ok?session_id={CHECKOUT_SESSION_ID}",
    locale: "de",
    ...(tax ? { automatic_tax: { enabled: true }, billing_address_collection: "required" as const } : {}),
  });
const address = { line1: "Unter den Linden 1", city: "Berlin", postal_code: "10117" };
const pay = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    body: new URLSearchParams({ email: "kai@example.de", card: "4242 4242 4242 4242", ...form }),
    redirect: "manual",
  });

describe("stripe sandbox: automatic tax", () => {
  it("a taxed session asks for an address and charges the German rate on top of the subtotal", async () => {
    const created = await session(true);
    expect(created.automatic_tax).toMatchObject({ enabled: true, status: "requires_location_inputs" });
    expect(created.billing_address_collection).toBe("required");
    expect(created.total_details?.amount_tax).toBe(0);

    const page = await (await fetch(created.url!)).text();
    expect(page).toContain('name="country"');
    expect(page).toContain('name="postal_code"');
    expect(page).toContain("Steuer"); // the tax line, in the session's language

    // No address: refused on the page, nothing charged.
    const missing = await pay(created.url!, {});
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("billing address");
    expect((await stripe().checkout.sessions.retrieve(created.id)).status).toBe("open");

    expect((await pay(created.url!, { country: "DE", ...address })).status).toBe(303);
    const paid = await stripe().checkout.sessions.retrieve(created.id, { expand: ["payment_intent"] });
    expect(paid).toMatchObject({
      status: "complete",
      payment_status: "paid",
      currency: "eur",
      locale: "de",
      amount_subtotal: 2000,
      amount_total: 2380,
      total_details: { amount_tax: 380 },
      automatic_tax: { enabled: true, status: "complete" },
      customer_details: { address: { country: "DE", city: "Berlin", postal_code: "10117", line1: address.line1 } },
    });
    expect((paid.payment_intent as { amount: number }).amount).toBe(2380);
    const items = await stripe().checkout.sessions.listLineItems(created.id);
    expect(items.data[0]).toMatchObject({ amount_subtotal: 2000, amount_tax: 380, amount_total: 2380 });
  });

  it("uses the buyer's country: 20% in France, nothing in the US", async () => {
    const fr = await session(true);
    await pay(fr.url!, { country: "FR", ...address });
    expect(await stripe().checkout.sessions.retrieve(fr.id)).toMatchObject({
      amount_total: 2400,
      total_details: { amount_tax: 400 },
    });
    const us = await session(true);
    await pay(us.url!, { country: "US", ...address });
    expect(await stripe().checkout.sessions.retrieve(us.id)).toMatchObject({
      amount_total: 2000,
      total_details: { amount_tax: 0 },
      automatic_tax: { status: "complete" },
    });
  });

  it("without automatic tax nothing is added and no address is asked for", async () => {
    const plain = await session(false);
    expect(plain.automatic_tax).toMatchObject({ enabled: false, status: null });
    expect(await (await fetch(plain.url!)).text()).not.toContain('name="country"');
    expect((await pay(plain.url!, {})).status).toBe(303);
    expect(await stripe().checkout.sessions.retrieve(plain.id)).toMatchObject({
      amount_subtotal: 2000,
      amount_total: 2000,
      total_details: { amount_tax: 0 },
      customer_details: { address: null },
    });
  });

  it("refuses an unknown billing_address_collection like Stripe", async () => {
    const err = await stripe()
      .checkout.sessions.create({
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 900, product_data: { name: "X" } } }],
        billing_address_collection: "sometimes" as "auto",
      })
      .catch((e) => e);
    expect(err.statusCode).toBe(400);
    expect(err.param).toBe("billing_address_collection");
  });
});
