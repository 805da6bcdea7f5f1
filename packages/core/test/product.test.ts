import { describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";

const stack = useStack();

/** Core Product against DynamoDB Local: the atomic limit and the write-time counters. */
async function load() {
  stack();
  const { Product } = await import("../src/product/index");
  const { UserEntity, CounterEntity, ProductEntity, DailyStatEntity, SettingEntity } =
    await import("../src/db/entities");
  return { Product, UserEntity, CounterEntity, ProductEntity, DailyStatEntity, SettingEntity };
}

let n = 0;
async function makeUser(plan = "free", extra: Record<string, unknown> = {}) {
  const { UserEntity } = await load();
  const id = `u-${++n}-${Date.now()}`;
  await UserEntity.create({
    id,
    email: `${id}@test.local`,
    name: `Seller ${n}`,
    plan,
    role: "creator",
    onboarding_completed: true,
    ...extra,
  }).go();
  return id;
}

const valid = { name: "Guide", price: "12.34", content_url: "https://files.example.com/guide.pdf" };

describe("Product.create", () => {
  it("stores the price in cents and starts approved and active", async () => {
    const { Product } = await load();
    const owner = await makeUser("pro");
    const p = await Product.create(owner, { ...valid, price: "19.99" });
    expect(p.price).toBe(1999);
    expect(p.is_active).toBe(true);
    expect(p.moderation_status).toBe("approved");
    expect(p.content_url).toBe(valid.content_url);
    expect(JSON.stringify(p)).not.toMatch(/"pk"|"sk"|gsi/);
  });

  it("turns non-numeric prices into 0 and refuses negative ones", async () => {
    const { Product } = await load();
    const owner = await makeUser("pro");
    expect((await Product.create(owner, { ...valid, price: "abc" })).price).toBe(0);
    await expect(Product.create(owner, { ...valid, price: -1 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/negative/),
    });
  });

  it("refuses javascript: and other non-http content and media URLs", async () => {
    const { Product } = await load();
    const owner = await makeUser("pro");
    await expect(Product.create(owner, { ...valid, content_url: "javascript:alert(1)" })).rejects.toMatchObject({
      status: 400,
      message: "Content URL must be a web address starting with http:// or https://.",
    });
    await expect(
      Product.create(owner, { ...valid, media_type: "image", media_url: "data:image/png;base64,AAAA" }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Media URL must be a web address starting with http:// or https://.",
    });
    const embed = await Product.create(owner, { ...valid, media_type: "embed", media_url: "<b>hello</b>" });
    expect(embed.media_url).toBe("<b>hello</b>");
  });

  it("never lets 10 concurrent creates exceed the plan limit (starter = 3)", async () => {
    const { Product, UserEntity, CounterEntity } = await load();
    const owner = await makeUser("starter");
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => Product.create(owner, { ...valid, name: `P${i}` })),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(ok).toHaveLength(3);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ status: 403, code: "plan.limit_reached", extra: { limit: 3 } });
      expect(r.reason.message).toBe(
        "You've reached your plan limit of 3 product(s). Please upgrade your plan to add more products.",
      );
    }
    expect((await Product.list(owner)).length).toBe(3);
    expect((await UserEntity.get({ id: owner }).go()).data?.product_count).toBe(3);
    const c = (await CounterEntity.get({ scope: `creator#${owner}` }).go()).data;
    expect(c).toMatchObject({ products: 3, active_products: 3 });
  });

  it("starts products pending when auto-approve is disabled", async () => {
    const { Product, SettingEntity } = await load();
    const owner = await makeUser("pro");
    await SettingEntity.upsert({ key: "auto_approve_products", value: "false", category: "moderation" }).go();
    try {
      const p = await Product.create(owner, valid);
      expect(p.moderation_status).toBe("pending");
      expect((await Product.publicView(p.id)).is_active).toBe(false);
    } finally {
      await SettingEntity.upsert({ key: "auto_approve_products", value: "true", category: "moderation" }).go();
    }
  });
});

describe("toggle, delete, views", () => {
  it("keeps product_count and the active counters right, and frees the slot on delete", async () => {
    const { Product, UserEntity, CounterEntity } = await load();
    const owner = await makeUser("free");
    const p = await Product.create(owner, valid);
    await Product.setActive(owner, p.id, { is_active: false });
    await Product.setActive(owner, p.id, { is_active: false }); // no double count
    let c = (await CounterEntity.get({ scope: `creator#${owner}` }).go()).data;
    expect(c).toMatchObject({ products: 1, active_products: 0 });
    await Product.setActive(owner, p.id, { is_active: true });
    await Product.remove(owner, p.id);
    c = (await CounterEntity.get({ scope: `creator#${owner}` }).go()).data;
    expect(c).toMatchObject({ products: 0, active_products: 0 });
    expect((await UserEntity.get({ id: owner }).go()).data?.product_count).toBe(0);
    await expect(Product.create(owner, valid)).resolves.toMatchObject({ name: "Guide" });
  });

  it("answers 404 to anyone but the owner", async () => {
    const { Product } = await load();
    const owner = await makeUser("free");
    const other = await makeUser("pro");
    const p = await Product.create(owner, valid);
    await expect(Product.setActive(other, p.id, { is_active: false })).rejects.toMatchObject({
      status: 404,
      message: "Product not found",
    });
    await expect(Product.remove(other, p.id)).rejects.toMatchObject({ status: 404, message: "Product not found" });
    expect((await Product.list(other)).map((x) => x.id)).not.toContain(p.id);
  });

  it("counts a view on the product, the seller and both daily aggregates", async () => {
    const { Product, CounterEntity, DailyStatEntity } = await load();
    const { Traffic } = await import("../src/traffic/index");
    const owner = await makeUser("free");
    const p = await Product.create(owner, valid);
    await Promise.all([Traffic.recordView(p.id, undefined), Traffic.recordView(p.id, {})]);
    // The views are counted from the table's stream (core/src/tally), a moment later.
    await stack().stream.idle();
    const date = new Date().toISOString().slice(0, 10);
    expect((await Product.ownedView(owner, p.id)).view_count).toBe(2);
    expect((await CounterEntity.get({ scope: `creator#${owner}` }).go()).data?.views).toBe(2);
    expect((await DailyStatEntity.get({ scope: `creator#${owner}`, date }).go()).data?.views).toBe(2);
    expect((await DailyStatEntity.get({ scope: `product#${p.id}`, date }).go()).data?.views).toBe(2);
    await expect(Traffic.recordView("nope", {})).rejects.toMatchObject({ status: 404 });
  });

  it("shows a deactivated seller's product as unavailable, without content_url", async () => {
    const { Product, UserEntity } = await load();
    const owner = await makeUser("free");
    const p = await Product.create(owner, { ...valid, description: "Line one" });
    const view = await Product.publicView(p.id);
    expect(view).toMatchObject({ is_active: true, description: "Line one", creator_name: expect.any(String) });
    expect(view).not.toHaveProperty("content_url");
    await UserEntity.patch({ id: owner }).set({ deactivated: true }).go();
    expect(await Product.publicView(p.id)).toMatchObject({ is_active: false, description: "" });
    await expect(Product.forCheckout(p.id)).rejects.toMatchObject({
      status: 400,
      message: "This product is currently unavailable for purchase.",
    });
  });
});
