import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeClient } from "@payloft/core/payment/stripe";
import { startStripeSandbox, type StripeSandbox } from "../src/stripe-sandbox/index";

/** Billing Portal sessions at the sandbox are Stripe's `billing_portal.session`, with Stripe's errors. */
let sandbox: StripeSandbox;
const KEY = "sk_test_portalAAAA1111";
const stripe = () => stripeClient(KEY);

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0 });
  process.env.STRIPE_API_URL = sandbox.url;
});
afterAll(async () => {
  await sandbox?.stop();
});

/** A customer, made as Payloft's are: by paying a subscription on the hosted page. */
async function aCustomer(): Promise<string> {
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: 500,
          recurring: { interval: "month" },
          product_data: { name: "P" },
        },
      },
    ],
    success_url: "http://shop.local/ok",
    customer_email: `p${Math.random()}@example.com`,
  });
  await fetch(session.url!, {
    method: "POST",
    body: new URLSearchParams({ card: "4242424242424242" }),
    redirect: "manual",
  });
  return String((await stripe().checkout.sessions.retrieve(session.id)).customer);
}

describe("POST /v1/billing_portal/sessions", () => {
  it("answers a session of the customer with its url and return_url", async () => {
    const customer = await aCustomer();
    const session = await stripe().billingPortal.sessions.create({
      customer,
      return_url: "http://shop.local/account",
    });
    expect(session).toMatchObject({
      object: "billing_portal.session",
      customer,
      livemode: false,
      flow: null,
      locale: null,
      on_behalf_of: null,
      return_url: "http://shop.local/account",
      configuration: expect.stringMatching(/^bpc_/),
    });
    expect(session.id).toMatch(/^bps_/);
    expect(session.url).toBe(`${sandbox.url}/p/session/${session.id}`);
    expect((await fetch(session.url)).status).toBe(200);
  });

  it("refuses a missing or unknown customer and a return_url without a scheme, as Stripe does", async () => {
    const err = (p: object) =>
      stripe()
        .billingPortal.sessions.create(p as never)
        .catch((e: unknown) => e);
    expect(await err({})).toMatchObject({ statusCode: 400, param: "customer" });
    expect(await err({ customer: "cus_nope" })).toMatchObject({ statusCode: 404, code: "resource_missing" });
    expect(await err({ customer: await aCustomer(), return_url: "shop.local" })).toMatchObject({
      statusCode: 400,
      param: "return_url",
    });
  });
});
