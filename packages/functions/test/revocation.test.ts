import { beforeAll, describe, expect, it } from "vitest";
import { paypalMerchant } from "@payloft/local/testing/payment";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { signInWithRole, type Person } from "./actors";

/**
 * Every way a sale is taken back revokes what it delivered, exactly once: a refund made in the
 * provider's dashboard (the sandboxes' /__sandbox/refunds), the creator's refund
 * (POST /api/sales/{id}/refund) and a buyer's dispute, on Stripe and on PayPal alike. After it
 * the access link answers 410 and the licence key valid:false (reason refunded); the provider
 * delivering its webhooks again changes nothing: not the figures, not the revocation's time,
 * not the e-mails (the buyer's notice goes out once, whichever way).
 */
const stack = useStack();
type Provider = "stripe" | "paypal";
type Path = "dashboard refund" | "creator refund" | "dispute";
const sellers = {} as Record<Provider, Person & { productId: string }>;
let address = 0;

const settle = () => stack().settled();
const linkStatus = async (link: string) => {
  const res = await fetch(link, { redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
};
const verify = async (productId: string, key: string) => {
  const res = await call(stack(), "POST", "/api/licenses/verify", {
    body: { product_id: productId, license_key: key, increment_uses_count: false },
    headers: { [VIEWER_ADDRESS_HEADER]: `203.0.113.${++address % 250}` },
  });
  return { status: res.status, ...(res.json as { valid: boolean; reason?: string }) };
};
const merchant = () => paypalMerchant(stack(), "ivy-revoke-app");
/** The seller's Stripe account in the sandbox: the one holding the sale's checkout session. */
const stripeAccount = (saleId: string) => stack().stripe.store.find(saleId)!.account;

beforeAll(async () => {
  const integrations: Record<Provider, Record<string, unknown>> = {
    stripe: {
      provider: "stripe",
      stripe_publishable_key: "pk_test_ivy_revoke_0001",
      stripe_secret_key: "sk_test_ivy_revoke_0001",
    },
    paypal: {
      provider: "paypal",
      is_live: false,
      is_active: true,
      paypal_client_id: "ivy-revoke-app",
      paypal_client_secret: "ivy-revoke-secret",
    },
  };
  for (const provider of ["stripe", "paypal"] as const) {
    const seller = await signInWithRole(stack(), `ivy.${provider}@example.com`, "creator");
    const saved = await call(stack(), "POST", "/api/payment-integration", {
      cookie: seller.cookie,
      body: integrations[provider],
    });
    expect(saved.status, saved.text).toBe(200);
    const product = await call(stack(), "POST", "/api/products", {
      cookie: seller.cookie,
      body: {
        name: `Keyed ${provider} app`,
        price: "20.00",
        content_url: "https://files.example.com/app.zip",
        media_type: "none",
        license_keys: true,
      },
    });
    expect(product.status, product.text).toBe(201);
    sellers[provider] = { ...seller, productId: product.json.id };
  }
});

/** A buyer pays on the provider's page: the sale id (Payloft's checkout id). */
async function buy(provider: Provider) {
  const started = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId: sellers[provider].productId },
  });
  expect(started.status, started.text).toBe(200);
  let saleId: string;
  if (provider === "stripe") {
    saleId = new URL(await payOnHostedPage(started.json.url, "buyer.revoke@example.com")).searchParams.get(
      "session_id",
    )!;
  } else {
    const approved = await fetch(started.json.url, {
      method: "POST",
      body: new URLSearchParams({ email: "buyer.revoke@example.com" }),
      redirect: "manual",
    });
    const back = new URL(approved.headers.get("location")!);
    expect((await call(stack(), "GET", back.pathname + back.search)).status).toBe(303);
    saleId = back.searchParams.get("checkout_id")!;
  }
  await settle();
  const success = await call(stack(), "GET", `/api/checkout/success?session_id=${saleId}`);
  expect(success.status, success.text).toBe(200);
  return { saleId, link: success.json.purchase.access_url as string, key: success.json.purchase.license_key as string };
}

/** Takes the sale back the given way, as the provider's dashboard, the creator or the buyer's bank would. */
async function takeBack(provider: Provider, path: Path, saleId: string) {
  if (path === "creator refund") {
    const res = await call(stack(), "POST", `/api/sales/${saleId}/refund`, { cookie: sellers[provider].cookie });
    expect(res.status, res.text).toBe(200);
    return;
  }
  const what = path === "dispute" ? "disputes" : "refunds";
  let res: Response;
  if (provider === "stripe") {
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    const pi = (await PurchaseEntity.get({ id: saleId }).go()).data!.payment_intent!;
    res = await fetch(`${stack().stripe.url}/__sandbox/${what}`, {
      method: "POST",
      body: new URLSearchParams({ payment_intent: pi, ...(path === "dispute" ? { reason: "fraudulent" } : {}) }),
    });
  } else {
    const capture = Object.values(merchant().captures).find((c) => c.custom_id === saleId)!;
    res = await fetch(`${stack().paypal.url}/__sandbox/${what}`, {
      method: "POST",
      body: new URLSearchParams({ capture_id: capture.id }),
    });
  }
  expect(res.status).toBeLessThan(300);
}

/** The provider's recorded webhook events for this seller, by id. */
function recordedEvents(provider: Provider, saleId: string): { id: string; event: unknown }[] {
  if (provider === "paypal") return merchant().events.map((r) => ({ id: r.event.id, event: r.event }));
  return stripeAccount(saleId).events.map((r) => ({ id: r.event.id, event: r.event }));
}

/** Delivers events again, signed as the provider signs them (a redelivery). */
async function redeliver(provider: Provider, events: { id: string; event: unknown }[]) {
  if (provider === "paypal") {
    for (const e of events) stack().paypal.events.resend(merchant(), e.id);
  } else {
    const { signatureHeader } = await import("@payloft/local/stripe-sandbox/index");
    const { Integration } = await import("@payloft/core/integration/index");
    const secret = (await Integration.webhookSecretFor(sellers.stripe.id))!;
    for (const e of events) {
      const payload = JSON.stringify(e.event);
      const res = await fetch(`${stack().url}/api/webhooks/stripe/${sellers.stripe.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signatureHeader(payload, secret) },
        body: payload,
      });
      expect(res.status).toBe(200);
    }
  }
  await settle();
}

/** Everything a revocation touches: the sale, its product's and creator's figures, the e-mails about it. */
async function state(provider: Provider, saleId: string) {
  const { PurchaseEntity, ProductEntity, CounterEntity } = await import("@payloft/core/db/entities");
  const { withFigures } = await import("@payloft/core/product/figures");
  // Figures follow from the table's stream (core/src/tally): read once it has caught up.
  await stack().stream.idle();
  const p = (await PurchaseEntity.get({ id: saleId }).go({ consistent: true })).data!;
  const item = (await ProductEntity.get({ id: sellers[provider].productId }).go({ consistent: true })).data!;
  const [product] = await withFigures([item]);
  const creator = (await CounterEntity.get({ scope: `creator#${sellers[provider].id}` }).go({ consistent: true })).data;
  return {
    status: p.status,
    refunded_at: p.refunded_at,
    disputed_at: p.disputed_at,
    product: { sales: product!.sales_count, revenue: product!.total_revenue },
    creator: { sales: creator?.sales, revenue: creator?.revenue },
    emails: stack().outbox.messages.filter((m) => m.text.includes(saleId)).length,
  };
}

const cases = (["stripe", "paypal"] as const).flatMap((provider) =>
  (["dashboard refund", "creator refund", "dispute"] as const).map((path) => [provider, path] as const),
);

describe("every way a sale is taken back revokes its link and key, once", () => {
  it.each(cases)("%s, %s", async (provider, path) => {
    const { saleId, link, key } = await buy(provider);
    const productId = sellers[provider].productId;
    expect(await linkStatus(link)).toBe(302);
    expect(await verify(productId, key)).toMatchObject({ status: 200, valid: true });
    const paid = await state(provider, saleId);

    const seen = new Set(recordedEvents(provider, saleId).map((e) => e.id));
    await takeBack(provider, path, saleId);
    await settle();
    const taken = await state(provider, saleId);
    expect(taken.status).toBe(path === "dispute" ? "disputed" : "refunded");
    expect(taken.refunded_at ?? taken.disputed_at).toBeTruthy();
    expect(taken.product).toEqual({ sales: paid.product.sales! - 1, revenue: paid.product.revenue! - 2000 });
    expect(taken.creator).toEqual({ sales: paid.creator.sales! - 1, revenue: paid.creator.revenue! - 2000 });
    expect(await linkStatus(link)).toBe(410);
    expect(await verify(productId, key)).toEqual({ status: 200, valid: false, reason: "refunded" });
    // The buyer is told, once, what happened and that their access has ended.
    const notices = stack().outbox.messages.filter(
      (m) =>
        m.to === "buyer.revoke@example.com" && m.text.includes(saleId) && / was (refunded|disputed)$/.test(m.subject),
    );
    expect(notices.map((m) => m.subject)).toEqual([
      `Your ${path === "dispute" ? "payment for" : "purchase of"} Keyed ${provider} app was ${path === "dispute" ? "disputed" : "refunded"}`,
    ]);
    expect(notices[0]!.text).toContain("Your access to the content has ended");
    expect(notices[0]!.replyTo).toBe(`ivy.${provider}@example.com`);

    // The provider delivers everything the reversal caused again: nothing changes a second time.
    const caused = recordedEvents(provider, saleId).filter((e) => !seen.has(e.id));
    expect(caused.length).toBeGreaterThan(0);
    await redeliver(provider, caused);
    await redeliver(provider, caused);
    expect(await state(provider, saleId)).toEqual(taken);
    expect(await linkStatus(link)).toBe(410);
    expect(await verify(productId, key)).toEqual({ status: 200, valid: false, reason: "refunded" });
  });
});
