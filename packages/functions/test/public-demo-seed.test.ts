import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";

const stack = useStack({ seed: true });

describe("demo seed: selling", () => {
  it("gives creator@demo.local a Stripe test integration and one approved product with its cover, idempotently", async () => {
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

    await seed();
    expect(await Product.list(creatorId)).toHaveLength(1);
  });
});
