import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";

const stack = useStack({ seed: true });

describe("demo seed: selling", () => {
  it("gives creator@demo.local a Stripe test integration, one approved product with its cover, the code LAUNCH30 and a store, idempotently", async () => {
    const { EmailEntity } = await import("@payloft/core/db/entities");
    const { Product } = await import("@payloft/core/product/index");
    const { seed } = await import("@payloft/local/seed/products");
    const creatorId = (await EmailEntity.get({ email: "creator@demo.local" }).go()).data!.user_id;
    const products = await Product.list(creatorId);
    expect(products).toHaveLength(1);
    const [demo] = products;
    expect(demo).toMatchObject({
      name: "The Creator's Launch Kit",
      price: 2900,
      media_type: "image",
      moderation_status: "approved",
      is_active: true,
    });
    expect(demo!.media_url).toBe(`${stack().url}/demo/creator-launch-kit.svg`);

    const page = await call(stack(), "GET", `/api/public/products/${demo!.id}`);
    expect(page.json).toMatchObject({ is_active: true, creator_name: "Demo Creator" });
    expect((await call(stack(), "GET", `/api/public/payment-info/${demo!.id}`)).json).toEqual({ provider: "stripe" });

    // The demo code shows its effect on the demo product's page (?code=LAUNCH30).
    const preview = await call(stack(), "POST", `/api/public/products/${demo!.id}/discount-preview`, {
      body: { code: "launch30" },
    });
    expect(preview.json).toMatchObject({ code: "LAUNCH30", list_price: 2900, price: 2030 });

    const store = await call(stack(), "GET", "/api/public/stores/demo-creator");
    expect(store.json).toMatchObject({ store: { handle: "demo-creator", name: "Demo Creator" } });
    expect((store.json as { products: { id: string }[] }).products.map((p) => p.id)).toEqual([demo!.id]);

    await seed();
    expect(await Product.list(creatorId)).toHaveLength(1);
    const { Discount } = await import("@payloft/core/discount/index");
    expect((await Discount.list(creatorId)).map((d) => d.code)).toEqual(["LAUNCH30"]);
  });

  it("gives paypal@demo.local a checked PayPal integration with its webhook and one product, idempotently", async () => {
    const { EmailEntity } = await import("@payloft/core/db/entities");
    const { Product } = await import("@payloft/core/product/index");
    const { Integration } = await import("@payloft/core/integration/index");
    const { seed } = await import("@payloft/local/seed/paypal");
    const sellerId = (await EmailEntity.get({ email: "paypal@demo.local" }).go()).data!.user_id;
    const products = await Product.list(sellerId);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ price: 2599, is_active: true });
    expect((await call(stack(), "GET", `/api/public/payment-info/${products[0]!.id}`)).json).toEqual({
      provider: "paypal",
    });
    const paypal = await Integration.paypalFor(sellerId);
    const hooks = [...stack().paypal.store.merchants.values()].flatMap((m) => Object.keys(m.webhooks));
    expect(hooks).toContain(paypal!.webhookId);
    await seed();
    expect(await Product.list(sellerId)).toHaveLength(1);
    expect((await Integration.paypalFor(sellerId))!.webhookId).toBe(paypal!.webhookId);
  });
});
