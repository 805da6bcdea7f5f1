import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";

const stack = useStack();

let seller: { cookie: string; id: string };
let productId: string;

beforeAll(async () => {
  const cookie = await signIn(stack(), { email: "sam@example.com", name: "Sam Seller" });
  const role = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "creator" } });
  seller = { cookie, id: role.json.id };
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: seller.id }).set({ plan: "business" }).go();
  const made = await call(stack(), "POST", "/api/products", {
    cookie,
    body: {
      name: "Secret Guide",
      price: 25,
      content_url: "https://files.example.com/secret.pdf",
      media_type: "youtube",
      media_url: "https://youtu.be/dQw4w9WgXcQ",
    },
  });
  productId = made.json.id;
});

describe("GET /api/public/products/{productId}", () => {
  it("answers the sales view with the seller's name and never content_url (rule: Access links)", async () => {
    const res = await call(stack(), "GET", `/api/public/products/${productId}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: productId,
      name: "Secret Guide",
      price: 2500,
      media_type: "youtube",
      is_active: true,
      sales_count: 0,
      creator_id: seller.id,
      creator_name: "Sam Seller",
    });
    expect(res.json).not.toHaveProperty("content_url");
    expect(res.text).not.toContain("secret.pdf");
  });

  it("answers 404 {error:'Product not found'} for an unknown id", async () => {
    const res = await call(stack(), "GET", "/api/public/products/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("Product not found");
  });

  it("shows inactive, not approved and deactivated-seller products as is_active=false", async () => {
    const { ProductEntity, UserEntity } = await import("@payloft/core/db/entities");
    await call(stack(), "PUT", `/api/products/${productId}`, { cookie: seller.cookie, body: { is_active: false } });
    expect((await call(stack(), "GET", `/api/public/products/${productId}`)).json.is_active).toBe(false);
    await call(stack(), "PUT", `/api/products/${productId}`, { cookie: seller.cookie, body: { is_active: true } });

    await ProductEntity.patch({ id: productId }).set({ moderation_status: "rejected" }).go();
    const rejected = await call(stack(), "GET", `/api/public/products/${productId}`);
    expect(rejected.json).toMatchObject({ is_active: false, media_url: "" });
    await ProductEntity.patch({ id: productId }).set({ moderation_status: "approved" }).go();

    await UserEntity.patch({ id: seller.id }).set({ deactivated: true }).go();
    expect((await call(stack(), "GET", `/api/public/products/${productId}`)).json.is_active).toBe(false);
    await UserEntity.patch({ id: seller.id }).set({ deactivated: false }).go();
    expect((await call(stack(), "GET", `/api/public/products/${productId}`)).json.is_active).toBe(true);
  });
});

describe("GET /api/public/products/{productId}, its reads", () => {
  it("reads the product on every view, its seller and store together once per few seconds per instance", async () => {
    const { watchCalls } = await import("@payloft/core/db/lean/call");
    const { SELLER_KEPT_MS } = await import("@payloft/core/product/sales-page");
    const reads: { command: string; input: string }[] = [];
    const stopWatching = watchCalls((command, input) => {
      if (/Get/.test(command)) reads.push({ command, input: JSON.stringify(input) });
    });
    const productReads = () =>
      reads.filter((r) => r.input.includes(`id_${productId}`) && r.input.includes("$product_1"));
    const sellerReads = () => reads.filter((r) => r.input.includes(`id_${seller.id}`) && r.input.includes("$user_1"));
    const view = async () => {
      const res = await call(stack(), "GET", `/api/public/products/${productId}`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ is_active: true, creator_name: "Sam Seller" });
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 60_000); // nothing kept from earlier tests
      for (let i = 0; i < 3; i++) await view();
      expect(productReads()).toHaveLength(3);
      expect(sellerReads()).toHaveLength(1);
      // The seller and the store in one call.
      expect(sellerReads()[0]).toMatchObject({ command: "BatchGetItem" });
      expect(sellerReads()[0]!.input).toContain(`user_id_${seller.id}`);
      vi.setSystemTime(Date.now() + SELLER_KEPT_MS + 1);
      await view();
      expect(sellerReads()).toHaveLength(2);
    } finally {
      stopWatching();
      vi.useRealTimers();
    }
  });

  it("shows a seller's change made on another instance within a few seconds, one made here at once", async () => {
    const { tableName } = await import("@payloft/core/db/client");
    const { call: dynamoCall } = await import("@payloft/core/db/lean/call");
    const { UserEntity } = await import("@payloft/core/db/entities");
    const { SELLER_KEPT_MS } = await import("@payloft/core/product/sales-page");
    const name = async () => (await call(stack(), "GET", `/api/public/products/${productId}`)).json.creator_name;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 120_000); // past anything the test above kept
      expect(await name()).toBe("Sam Seller");
      // Another Lambda instance's write: nothing on this one hears of it.
      await dynamoCall("UpdateItem", {
        TableName: tableName(),
        Key: { pk: { S: `$payloft#id_${seller.id}` }, sk: { S: "$user_1" } },
        UpdateExpression: "SET #name = :name",
        ExpressionAttributeNames: { "#name": "name" },
        ExpressionAttributeValues: { ":name": { S: "Sam Elsewhere" } },
      });
      expect(await name()).toBe("Sam Seller");
      vi.setSystemTime(Date.now() + SELLER_KEPT_MS + 1);
      expect(await name()).toBe("Sam Elsewhere");
      await UserEntity.patch({ id: seller.id }).set({ name: "Sam Seller" }).go();
      expect(await name()).toBe("Sam Seller");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("GET /api/public/products/{productId}, the maintenance check", () => {
  it("reads the maintenance setting once per few seconds per instance, and sees a saved change at once", async () => {
    const { watchCalls } = await import("@payloft/core/db/lean/call");
    const { Setting } = await import("@payloft/core/setting/index");
    let settingReads = 0;
    const stopWatching = watchCalls((command, input) => {
      const key = JSON.stringify((input as { Key?: unknown }).Key ?? "");
      if (command === "GetItem" && key.includes("maintenance_mode")) settingReads++;
    });
    try {
      await Setting.set({ key: "maintenance_mode", value: "false" }); // nothing kept from earlier tests
      for (let i = 0; i < 3; i++)
        expect((await call(stack(), "GET", `/api/public/products/${productId}`)).status).toBe(200);
      expect(settingReads).toBe(1);
      await Setting.set({ key: "maintenance_mode", value: "true" });
      expect((await call(stack(), "GET", `/api/public/products/${productId}`)).status).toBe(503);
      await Setting.set({ key: "maintenance_mode", value: "false" });
      expect((await call(stack(), "GET", `/api/public/products/${productId}`)).status).toBe(200);
    } finally {
      stopWatching();
      await Setting.set({ key: "maintenance_mode", value: "false" });
    }
  });
});

describe("POST /api/public/products/{productId}/view", () => {
  it("counts each page view on the product and the seller's daily views, anonymously", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await call(stack(), "POST", `/api/public/products/${productId}/view`)).status).toBe(204);
    }
    const { CounterEntity, DailyStatEntity } = await import("@payloft/core/db/entities");
    // Counted from the table's stream (core/src/tally): on the product's counter, not its item.
    await stack().stream.idle();
    const date = new Date().toISOString().slice(0, 10);
    expect((await CounterEntity.get({ scope: `product#${productId}` }).go()).data?.views).toBe(3);
    expect((await CounterEntity.get({ scope: `creator#${seller.id}` }).go()).data).toMatchObject({
      views: 3,
      products: 1,
    });
    expect((await DailyStatEntity.get({ scope: `product#${productId}`, date }).go()).data?.views).toBe(3);
    expect((await call(stack(), "POST", "/api/public/products/nope/view")).status).toBe(404);
  });
});

describe("GET /api/public/payment-info/{productId}", () => {
  it("answers provider null before the seller sets up payments, 404 for unknown products", async () => {
    const res = await call(stack(), "GET", `/api/public/payment-info/${productId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ provider: null });
    expect((await call(stack(), "GET", "/api/public/payment-info/nope")).status).toBe(404);
  });
});
