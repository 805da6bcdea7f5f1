import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage, settle } from "@payloft/local/stripe-sandbox/testing";
import { signInWithRole, type Person } from "./actors";

/**
 * A buyer mid-checkout while the seller changes Payment Setup: the checkout record names the
 * credentials it was created with, retired credentials are kept (sealed) while an open checkout
 * may need them, and the checkout reconciler (a scheduled job, run here as the schedule would)
 * fulfils paid checkouts nobody recorded and closes unpaid ones, on Stripe and PayPal.
 */
const stack = useStack();

const account = () => randomUUID().replaceAll("-", "").slice(0, 12);
const stripeKeys = (tag: string) => ({
  provider: "stripe",
  is_active: true,
  is_live: false,
  stripe_publishable_key: `pk_test_${tag}`,
  stripe_secret_key: `sk_test_${tag}`,
});

async function sellerWith(email: string, integration: Record<string, unknown>) {
  const seller = await signInWithRole(stack(), email, "creator");
  const saved = await call(stack(), "POST", "/api/payment-integration", { cookie: seller.cookie, body: integration });
  expect(saved.status, saved.text).toBe(200);
  const { ProductEntity } = await import("@payloft/core/db/entities");
  const productId = `prod-${randomUUID().slice(0, 8)}`;
  await ProductEntity.put({
    id: productId,
    creator_id: seller.id,
    name: "Midway Kit",
    description: "Bought while the seller changed their setup",
    price: 2200,
    content_url: "https://files.example.com/midway.zip",
  }).go();
  return { ...seller, productId };
}

const buy = async (productId: string) => {
  const res = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId } });
  expect(res.status, res.text).toBe(200);
  return res.json.url as string;
};
const sessionOf = (url: string) => decodeURIComponent(url.split("/pay/")[1]!);
const success = (id: string) => call(stack(), "GET", `/api/checkout/success?session_id=${encodeURIComponent(id)}`);
const receipts = (to: string) => stack().outbox.messages.filter((m) => m.to === to && /receipt/i.test(m.subject));
const removeIntegration = (seller: Person) =>
  call(stack(), "DELETE", "/api/payment-integration", { cookie: seller.cookie });

/**
 * The checkout's deadline has passed (as it will in 30 minutes): its record and its open entry
 * say so. `before`: its open entry is where checkouts made before the 16-way split kept theirs.
 */
async function pastDeadline(checkoutId: string, opts: { before?: boolean; expired?: string } = {}) {
  const { CheckoutEntity, OpenCheckoutEntity, LegacyOpenCheckoutEntity } = await import("@payloft/core/db/entities");
  const { openCheckoutKey, openCheckoutOf } = await import("@payloft/core/checkout/open");
  const record = (await CheckoutEntity.get({ session_id: checkoutId }).go()).data!;
  const expired = opts.expired ?? new Date(Date.now() - 5 * 60_000).toISOString();
  const { shard, ...key } = openCheckoutKey(checkoutId, record.session_expires_at!);
  await OpenCheckoutEntity.delete({ shard, ...key }).go();
  await LegacyOpenCheckoutEntity.delete(key).go();
  await CheckoutEntity.patch({ session_id: checkoutId }).set({ session_expires_at: expired }).go();
  const open = openCheckoutOf({ ...record, session_expires_at: expired })!;
  if (opts.before) await LegacyOpenCheckoutEntity.create({ ...open, shard: undefined }).go();
  else await OpenCheckoutEntity.create(open).go();
}
/** The session ids of every open checkout. */
const openIds = async () => {
  const { dueOpenCheckouts } = await import("@payloft/core/checkout/open");
  return (await dueOpenCheckouts("9999-12-31T00:00:00.000Z", 1000)).map((o) => o.session_id);
};
/** An address nothing listens on any more: connections are refused, as when Stripe is unreachable. */
async function refusingUrl() {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}
const reconcile = async () => {
  const run = await stack().schedules.run("ReconcileCheckouts");
  return run.result as { fulfilled: string[]; closed: string[]; waiting: string[]; failed: string[] };
};

describe("the seller changes Payment Setup while a buyer is paying (Stripe)", () => {
  it("removed integration, then the buyer pays: the sale is recorded, the receipt sent, the success page works", async () => {
    const tag = account();
    const seller = await sellerWith("rita.removes@example.com", stripeKeys(tag));
    const url = await buy(seller.productId);
    expect((await removeIntegration(seller)).status).toBe(200);

    await payOnHostedPage(url, "after.removal@example.com");
    await settle(stack());
    const page = await success(sessionOf(url));
    expect(page.status, page.text).toBe(200);
    expect(page.json.purchase).toMatchObject({
      status: "completed",
      amount: 2200,
      customer_email: "after.removal@example.com",
    });
    expect(receipts("after.removal@example.com")).toHaveLength(1);
    // Kept for it, sealed as the integration kept it, under the name its record carries.
    const { RetiredCredentialEntity, CheckoutEntity } = await import("@payloft/core/db/entities");
    const record = (await CheckoutEntity.get({ session_id: sessionOf(url) }).go()).data!;
    const [kept] = (await RetiredCredentialEntity.query.primary({ user_id: seller.id }).go()).data;
    expect(kept).toMatchObject({ provider: "stripe", credential_id: record.credential_id });
    expect(JSON.stringify(kept)).not.toContain(`sk_test_${tag}`);
  });

  it("switched to another Stripe account: the success page confirms with the old one (no 502)", async () => {
    const seller = await sellerWith("sam.switches@example.com", stripeKeys(account()));
    const url = await buy(seller.productId);
    const switched = await call(stack(), "POST", "/api/payment-integration", {
      cookie: seller.cookie,
      body: stripeKeys(account()),
    });
    expect(switched.status).toBe(200);
    await payOnHostedPage(url, "after.switch@example.com");
    await settle(stack());
    const page = await success(sessionOf(url));
    expect(page.status, page.text).toBe(200);
    expect(page.json.purchase).toMatchObject({ status: "completed", customer_email: "after.switch@example.com" });
    expect(receipts("after.switch@example.com")).toHaveLength(1);
    // New checkouts use the new account.
    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    const next = (await CheckoutEntity.get({ session_id: sessionOf(await buy(seller.productId)) }).go()).data!;
    const before = (await CheckoutEntity.get({ session_id: sessionOf(url) }).go()).data!;
    expect(next.credential_id).toBeTruthy();
    expect(next.credential_id).not.toBe(before.credential_id);
  });

  it("paid after removal and the buyer never came back: the reconciler records the sale and sends the receipt", async () => {
    const seller = await sellerWith("rhoda.reconciled@example.com", stripeKeys(account()));
    const url = await buy(seller.productId);
    expect((await removeIntegration(seller)).status).toBe(200);
    await payOnHostedPage(url, "never.returned@example.com");
    await settle(stack());
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    expect((await PurchaseEntity.get({ id: sessionOf(url) }).go()).data).toBeNull(); // no webhook came

    await pastDeadline(sessionOf(url));
    const report = await reconcile();
    expect(report.fulfilled).toEqual([sessionOf(url)]);
    expect((await PurchaseEntity.get({ id: sessionOf(url) }).go()).data).toMatchObject({ status: "completed" });
    expect(receipts("never.returned@example.com")).toHaveLength(1);
    expect(await openIds()).not.toContain(sessionOf(url));
    // Idempotent: another run changes nothing and sends nothing.
    expect((await reconcile()).fulfilled).toEqual([]);
    expect(receipts("never.returned@example.com")).toHaveLength(1);
  });

  it("Stripe cannot be reached: the run fails (its alarm counts that), the checkout stays open, the next run settles it", async () => {
    const seller = await sellerWith("fay.unreachable@example.com", stripeKeys(account()));
    const checkoutId = sessionOf(await buy(seller.productId));
    await pastDeadline(checkoutId);
    const real = process.env.STRIPE_API_URL;
    process.env.STRIPE_API_URL = await refusingUrl();
    const down = await stack()
      .schedules.run("ReconcileCheckouts")
      .finally(() => (process.env.STRIPE_API_URL = real));
    expect(down.ok).toBe(false);
    expect(down.error).toContain(checkoutId);
    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    expect(await openIds()).toContain(checkoutId);
    expect((await CheckoutEntity.get({ session_id: checkoutId }).go()).data!.closed_at).toBeUndefined();

    // Stripe is back: the next run expires the session there and closes it.
    expect((await reconcile()).closed).toContain(checkoutId);
  });

  it("an unpaid checkout past its deadline is closed; retired keys go once no open checkout needs them, one opened before the 16-way split included", async () => {
    const seller = await sellerWith("una.unpaid@example.com", stripeKeys(account()));
    const url = await buy(seller.productId);
    const second = await buy(seller.productId);
    // The second was opened before open checkouts were split 16 ways: its entry is in the old partition.
    const { CheckoutEntity: Checkouts } = await import("@payloft/core/db/entities");
    const secondRecord = (await Checkouts.get({ session_id: sessionOf(second) }).go()).data!;
    await pastDeadline(sessionOf(second), { before: true, expired: secondRecord.session_expires_at });
    expect((await removeIntegration(seller)).status).toBe(200);
    const { CheckoutEntity, RetiredCredentialEntity } = await import("@payloft/core/db/entities");
    const retired = async () => (await RetiredCredentialEntity.query.primary({ user_id: seller.id }).go()).data;
    const [kept] = await retired();
    await RetiredCredentialEntity.patch({ user_id: seller.id, credential_id: kept!.credential_id })
      .set({ keep_until: new Date(Date.now() - 1000).toISOString() })
      .go();

    // One open checkout still names the key: it stays.
    await pastDeadline(sessionOf(url));
    const first = await reconcile();
    expect(first.closed).toContain(sessionOf(url));
    expect((await CheckoutEntity.get({ session_id: sessionOf(url) }).go()).data!.closed_at).toBeTruthy();
    // Still open at Stripe past Payloft's deadline: the reconciler expired it there, so it can never be paid.
    expect(stack().stripe.store.find(sessionOf(url))!.object.status).toBe("expired");
    expect(await retired()).toHaveLength(1);

    await pastDeadline(sessionOf(second), { before: true });
    expect((await reconcile()).closed).toContain(sessionOf(second));
    expect(await openIds()).not.toContain(sessionOf(second));
    expect(await retired()).toHaveLength(0);
    expect((await success(sessionOf(url))).status).toBe(404);
  });
});

describe("the seller changes Payment Setup while a buyer is paying (PayPal)", () => {
  const paypal = (app: string) => ({
    provider: "paypal",
    is_active: true,
    is_live: false,
    paypal_client_id: app,
    paypal_client_secret: `${app}-secret`,
  });
  /** The buyer approves on PayPal's page: answers the return path. */
  async function approve(url: string, email: string) {
    const res = await fetch(url, { method: "POST", body: new URLSearchParams({ email }), redirect: "manual" });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get("location")!);
    return back.pathname + back.search;
  }

  it("switched to another PayPal app: the return captures with the old one and the sale is recorded", async () => {
    const seller = await sellerWith("paula.switches@example.com", paypal(`pp-${account()}`));
    const url = await buy(seller.productId);
    const switched = await call(stack(), "POST", "/api/payment-integration", {
      cookie: seller.cookie,
      body: paypal(`pp-${account()}`),
    });
    expect(switched.status).toBe(200);
    const back = await call(stack(), "GET", await approve(url, "pp.after.switch@example.com"));
    expect(back.status).toBe(303);
    const location = back.headers.get("location")!;
    expect(location).toMatch(/^\/checkout\/success\?session_id=ppc_/);
    await settle(stack());
    const page = await success(new URLSearchParams(location.split("?")[1]).get("session_id")!);
    expect(page.status).toBe(200);
    expect(page.json.purchase).toMatchObject({ status: "completed", amount: 2200 });
  });

  it("captured, but the sale never recorded and no webhook coming: the reconciler records it and sends the receipt", async () => {
    const app = `pp-${account()}`;
    const seller = await sellerWith("polly.captured@example.com", paypal(app));
    const url = await buy(seller.productId);
    const returnPath = await approve(url, "pp.captured@example.com");
    const checkoutId = new URLSearchParams(returnPath.split("?")[1]).get("checkout_id")!;
    // The seller removes the app (its webhook goes with it); Payloft's capture on the buyer's
    // return went through at PayPal, and the request died before it recorded the sale.
    expect((await removeIntegration(seller)).status).toBe(200);
    const { paypalClient } = await import("@payloft/core/paypal/client");
    const { CheckoutEntity, PurchaseEntity } = await import("@payloft/core/db/entities");
    const record = (await CheckoutEntity.get({ session_id: checkoutId }).go()).data!;
    const captured = await paypalClient({ clientId: app, clientSecret: `${app}-secret`, live: false }).captureOrder(
      record.provider_ref!,
      `capture-${checkoutId}`,
    );
    expect(captured.status).toBe("COMPLETED");
    await settle(stack());
    expect((await PurchaseEntity.get({ id: checkoutId }).go()).data).toBeNull();

    await pastDeadline(checkoutId);
    const report = await reconcile();
    expect(report.fulfilled).toEqual([checkoutId]);
    await settle(stack());
    expect((await PurchaseEntity.get({ id: checkoutId }).go()).data).toMatchObject({
      status: "completed",
      amount: 2200,
    });
    expect(receipts("pp.captured@example.com")).toHaveLength(1);
    // Done once: the next run finds nothing to do, and the receipt is not sent again.
    const again = await reconcile();
    expect([...again.fulfilled, ...again.closed, ...again.failed]).not.toContain(checkoutId);
    await settle(stack());
    expect(receipts("pp.captured@example.com")).toHaveLength(1);
  });

  it("approved but not captured by Payloft's deadline: not captured, and closed by the reconciler", async () => {
    const seller = await sellerWith("pete.late@example.com", paypal(`pp-${account()}`));
    const url = await buy(seller.productId);
    const returnPath = await approve(url, "pp.too.late@example.com");
    const checkoutId = new URLSearchParams(returnPath.split("?")[1]).get("checkout_id")!;
    expect((await removeIntegration(seller)).status).toBe(200);
    await pastDeadline(checkoutId);
    const report = await reconcile();
    expect(report.closed).toContain(checkoutId);
    const back = await call(stack(), "GET", returnPath);
    expect(back.headers.get("location")).toBe(`/product/${seller.productId}`);
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    expect((await PurchaseEntity.get({ id: checkoutId }).go()).data).toBeNull();
    const order = [...stack().paypal.store.merchants.values()]
      .flatMap((m) => Object.values(m.orders ?? {}))
      .find(
        (o) => (o as { purchase_units?: { custom_id?: string }[] }).purchase_units?.[0]?.custom_id === checkoutId,
      ) as { status: string } | undefined;
    expect(order?.status).toBe("APPROVED"); // never captured: the buyer was not charged
  });
});
