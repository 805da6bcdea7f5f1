import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { makeSeller, openSession, payOnHostedPage, sandboxEvents, settle } from "@payloft/local/stripe-sandbox/testing";
import { person } from "./platform-fixtures";
import { postSellerEvent } from "./seller-stripe";

/**
 * Only checkouts Payloft created are fulfilled (rule: Our checkouts only), from the record's snapshot
 * (rule: Paid means delivered), and a buyer mid-payment is never stranded by maintenance mode.
 */
const stack = useStack();

async function load() {
  stack();
  const e = await import("@payloft/core/db/entities");
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  const { Setting } = await import("@payloft/core/setting/index");
  return { ...e, stripeClient, Setting };
}

const mailTo = (to: string) => stack().outbox.messages.filter((m) => m.to === to);
const success = (sessionId: string) => call(stack(), "GET", `/api/checkout/success?session_id=${sessionId}`);

const postSigned = (sellerId: string, event: unknown) => postSellerEvent(stack(), sellerId, event);

describe("only Payloft's own checkouts are fulfilled", () => {
  it("a session the seller creates in their own Stripe, with product metadata, and pays: no sale, no receipt, 404", async () => {
    const { stripeClient, PurchaseEntity, ProductEntity, CounterEntity } = await load();
    const seller = await makeSeller();
    const forged = await stripeClient(seller.secretKey).checkout.sessions.create({
      mode: "payment",
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: 50, product_data: { name: "Design Kit" } } },
      ],
      success_url: `${stack().url}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { kind: "product", product_id: seller.productId, creator_id: seller.sellerId },
    });
    await payOnHostedPage(forged.url!, "victim@example.com");
    await settle(stack());

    // Stripe delivered it to the seller's Payloft endpoint, which accepted it ...
    const [record] = sandboxEvents(stack(), forged.id).filter((r) => r.event.type === "checkout.session.completed");
    expect(record?.deliveries[0]?.state).toBe("succeeded");
    const delivery = stack().bus.deliveries.find(
      (d) => (d.event.detail.properties as { checkout_id?: string }).checkout_id === forged.id,
    );
    expect(delivery).toMatchObject({ subscriber: "FulfilPurchase", ok: true });
    // ... and nothing was written or sent.
    expect((await PurchaseEntity.get({ id: forged.id }).go()).data).toBeNull();
    expect((await ProductEntity.get({ id: seller.productId }).go()).data).toMatchObject({ sales_count: 0 });
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data?.sales ?? 0).toBe(0);
    expect(mailTo("victim@example.com")).toHaveLength(0);
    const page = await success(forged.id);
    expect(page.status).toBe(404);
    expect(page.json.error).toBe("Purchase details not found");
  });

  it("a signed 'paid' event for a Payloft checkout that was never paid changes nothing", async () => {
    const { PurchaseEntity } = await load();
    const seller = await makeSeller();
    const session = await openSession(stack(), seller);
    const claimed = {
      id: `evt_forged_${Date.now()}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          ...session,
          status: "complete",
          payment_status: "paid",
          customer_details: { email: "free.stuff@example.com" },
        },
      },
    };
    expect((await postSigned(seller.sellerId, claimed)).status).toBe(200);
    await settle(stack());
    expect((await PurchaseEntity.get({ id: session.id }).go()).data).toBeNull();
    expect(mailTo("free.stuff@example.com")).toHaveLength(0);
    expect((await success(session.id)).status).toBe(404);
  });

  it("takes amount and currency from the record: a paid amount that differs from it is not fulfilled", async () => {
    const { CheckoutEntity, PurchaseEntity } = await load();
    const seller = await makeSeller();
    const session = await openSession(stack(), seller);
    // As if the record had asked for more than the provider charged.
    await CheckoutEntity.patch({ session_id: session.id }).set({ amount: 99_00 }).go();
    await payOnHostedPage(session.url!, "cheap@example.com");
    await settle(stack());
    expect((await PurchaseEntity.get({ id: session.id }).go()).data).toBeNull();
    expect((await success(session.id)).status).toBe(404);
  });

  it("create-session records provider, amount, currency, expiry, the buyer and a product snapshot", async () => {
    const { CheckoutEntity } = await load();
    const seller = await makeSeller({ name: "Sally Seller" });
    const buyer = await person(stack(), "signed.buyer@example.com", { role: "customer" });
    const res = await call(stack(), "POST", "/api/checkout/create-session", {
      cookie: buyer.cookie,
      body: { productId: seller.productId },
    });
    expect(res.status).toBe(200);
    const sessionId = res.json.url.split("/pay/")[1];
    const record = (await CheckoutEntity.get({ session_id: sessionId }).go()).data;
    expect(record).toMatchObject({
      kind: "product",
      provider: "stripe",
      product_id: seller.productId,
      creator_id: seller.sellerId,
      amount: 1500,
      currency: "usd",
      buyer_email: "signed.buyer@example.com",
      product_snapshot: {
        name: "Design Kit",
        description: "Figma files for landing pages",
        price: 1500,
        content_url: "https://files.example.com/design-kit.zip",
        creator_name: "Sally Seller",
      },
    });
    expect(Date.parse(record!.session_expires_at!)).toBeGreaterThan(Date.now());
  });
});

describe("snapshot delivery", () => {
  for (const change of ["deleted", "deactivated"] as const) {
    it(`a product ${change} after checkout began is still delivered, and the success answer shows it`, async () => {
      const { PurchaseEntity, CounterEntity } = await load();
      const seller = await makeSeller({ contentUrl: `https://files.example.com/${change}.zip` });
      const session = await openSession(stack(), seller);
      const { ProductEntity } = await load();
      if (change === "deleted") await ProductEntity.delete({ id: seller.productId }).go();
      else await ProductEntity.patch({ id: seller.productId }).set({ is_active: false }).go();

      const email = `${change}.buyer@example.com`;
      await payOnHostedPage(session.url!, email);
      await settle(stack());
      expect((await PurchaseEntity.get({ id: session.id }).go()).data).toMatchObject({
        status: "completed",
        product_name: "Design Kit",
        content_url: `https://files.example.com/${change}.zip`,
        amount: 1500,
      });
      expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
        sales: 1,
        revenue: 1500,
      });
      const page = await success(session.id);
      expect(page.status).toBe(200);
      expect(page.json.product).toEqual({ name: "Design Kit", description: "Figma files for landing pages" });
      // The access link (on the page and in the one receipt) leads to the content as sold.
      const link = page.json.purchase.access_url as string;
      const receipts = mailTo(email);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain(link);
      const opened = await fetch(link, { redirect: "manual" });
      expect(opened.status).toBe(302);
      expect(opened.headers.get("location")).toBe(`https://files.example.com/${change}.zip`);
    });
  }
});

describe("platform checkouts follow the same rule", () => {
  it("plan and lifetime checkouts are recorded; a platform session Payloft did not create grants nothing", async () => {
    const { CheckoutEntity, UserEntity, stripeClient } = await load();
    const creator = await person(stack(), "lifetime.rule@example.com");
    const res = await call(stack(), "POST", "/api/platform/create-lifetime-checkout", {
      cookie: creator.cookie,
      body: {},
    });
    expect(res.status).toBe(200);
    const recorded = (await CheckoutEntity.get({ session_id: res.json.url.split("/pay/")[1] }).go()).data;
    expect(recorded).toMatchObject({
      kind: "lifetime",
      provider: "stripe",
      user_id: creator.id,
      amount: 19900,
      currency: "usd",
    });

    // The same kind of session made directly on the platform account (say, by a leaked key).
    const foreign = await stripeClient("sk_test_platform_local").checkout.sessions.create({
      mode: "payment",
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "Lifetime" } } },
      ],
      success_url: `${stack().url}/onboarding-success?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { kind: "lifetime", user_id: creator.id },
    });
    await payOnHostedPage(foreign.url!, "lifetime.rule@example.com");
    await settle(stack());
    expect((await UserEntity.get({ id: creator.id }).go()).data?.plan).toBe("free");
    const page = await call(stack(), "GET", `/api/platform/subscription-success?session_id=${foreign.id}`, {
      cookie: creator.cookie,
    });
    expect(page.status).toBe(404);
  });
});

describe("maintenance mode never strands a buyer mid-payment", () => {
  it("checkout creation answers 503; the webhook and the success route keep working", async () => {
    const { Setting, PurchaseEntity } = await load();
    const seller = await makeSeller();
    const buyer = await person(stack(), "maint.creator@example.com");
    const started = await call(stack(), "POST", "/api/checkout/create-session", {
      body: { productId: seller.productId },
    });
    expect(started.status).toBe(200);

    await Setting.set({ key: "maintenance_mode", value: "true" });
    try {
      const refused = await call(stack(), "POST", "/api/checkout/create-session", {
        body: { productId: seller.productId },
      });
      expect(refused.status).toBe(503);
      expect(refused.json.error).toBe("Payloft is down for maintenance. Please try again soon.");
      const plan = await call(stack(), "POST", "/api/platform/create-checkout-session", {
        cookie: buyer.cookie,
        body: { plan: "pro", billing_cycle: "monthly" },
      });
      expect(plan.status).toBe(503);

      // The buyer who was already on the payment page pays; the webhook fulfils; the page shows it.
      const back = await payOnHostedPage(started.json.url, "maint.buyer@example.com");
      const sessionId = new URL(back).searchParams.get("session_id")!;
      await settle(stack());
      expect((await PurchaseEntity.get({ id: sessionId }).go()).data?.status).toBe("completed");
      const page = await success(sessionId);
      expect(page.status).toBe(200);
      expect(page.json.purchase).toMatchObject({ amount: 1500, customer_email: "maint.buyer@example.com" });
      expect(mailTo("maint.buyer@example.com")).toHaveLength(1);
    } finally {
      await Setting.set({ key: "maintenance_mode", value: "false" });
    }
  });
});
