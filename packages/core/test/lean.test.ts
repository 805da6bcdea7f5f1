import { describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";

/**
 * The lean layer (db/lean) reads and writes the same items as ElectroDB from the same schemas:
 * for every item type it touches, each side writes and the other reads, and its keys are
 * ElectroDB's own `.params()` keys. If either changes how it keys or reads items, this fails.
 */
const stack = useStack();
const load = async () => {
  stack();
  const entities = await import("../src/db/entities");
  const items = await import("../src/db/lean/items");
  const update = await import("../src/db/lean/update");
  const { keyOf } = await import("../src/db/lean/schema");
  const schemas = {
    product: (await import("../src/db/schemas/product")).productSchema,
    user: (await import("../src/db/schemas/user")).userSchema,
    store: (await import("../src/db/schemas/store")).storeSchema,
    unique: (await import("../src/db/schemas/unique")).uniqueSchema,
    setting: (await import("../src/db/schemas/setting")).settingSchema,
    counter: (await import("../src/db/schemas/counter")).counterSchema,
    rateLimit: (await import("../src/db/schemas/rate-limit")).rateLimitSchema,
    integration: (await import("../src/db/schemas/integration")).integrationSchema,
    daily: (await import("../src/db/schemas/daily-stat")).dailyStatSchema,
  };
  const { queryBetween } = await import("../src/db/lean/query");
  return { ...entities, ...items, ...update, keyOf, queryBetween, schemas };
};

describe("lean reads match ElectroDB", () => {
  it("products, with optional attributes absent and present, and every index key", async () => {
    const { ProductEntity, getItem, keyOf, schemas } = await load();
    const bare = await ProductEntity.create({ id: "p-Bare", creator_id: "u1", name: "Bare", price: 100 }).go();
    const full = await ProductEntity.create({
      id: "p-Full",
      creator_id: "u1",
      name: "Full",
      price: 900,
      currency: "eur",
      content_url: "https://x.test/f.pdf",
      content_file_size: 12,
      pay_what_you_want: true,
      suggested_price: 1200,
      media_type: "youtube",
      moderation_status: "rejected",
      moderation_notes: "no",
      paused_with_owner: true,
    }).go();
    for (const id of ["p-Bare", "p-Full"]) {
      const electro = (await ProductEntity.get({ id }).go()).data;
      expect(await getItem(schemas.product, { id })).toEqual(electro);
      expect(keyOf(schemas.product, { id })).toEqual(ProductEntity.get({ id }).params().Key);
    }
    expect(await getItem(schemas.product, { id: "p-bare" })).toBeNull(); // keys keep their case
    expect(await getItem(schemas.product, { id: "p-none" })).toBeNull();
    // The secondary indexes' keys, as ElectroDB writes them on the item.
    const written = ProductEntity.create({ ...bare.data, id: "p-Keys" }).params().Item as Record<string, string>;
    const values = { ...bare.data, id: "p-Keys" } as unknown as Record<string, string | number>;
    for (const index of ["primary", "byCreator", "byStatus", "all"])
      for (const [field, value] of Object.entries(keyOf(schemas.product, values, index)))
        expect(value, `${index} ${field}`).toBe(written[field]);
    expect(full.data.content_url).toBe("https://x.test/f.pdf");
  });

  it("users, whole and projected, stores, settings and counters", async () => {
    const { UserEntity, StoreEntity, SettingEntity, CounterEntity, getItem, keyOf, schemas } = await load();
    await UserEntity.create({ id: "u-Bare", email: "b@x.test" }).go();
    await UserEntity.create({
      id: "u-Full",
      email: "f@x.test",
      name: "Fay",
      role: "creator",
      plan: "pro",
      plan_source: "admin",
      deactivated: true,
      sessions_revoked_at: 1700000000000,
    }).go();
    for (const id of ["u-Bare", "u-Full"]) {
      expect(await getItem(schemas.user, { id })).toEqual((await UserEntity.get({ id }).go()).data);
      const attributes = ["email", "plan", "role", "product_count"] as const;
      expect(await getItem(schemas.user, { id }, { attributes })).toEqual(
        (await UserEntity.get({ id }).go({ attributes: [...attributes] })).data,
      );
      expect(keyOf(schemas.user, { id })).toEqual(UserEntity.get({ id }).params().Key);
    }
    await StoreEntity.create({ user_id: "u-Full", handle: "fay" }).go();
    await StoreEntity.create({ user_id: "u-Brand", handle: "b", accent_color: "#112233", avatar_url: "a" }).go();
    for (const user_id of ["u-Full", "u-Brand"])
      expect(await getItem(schemas.store, { user_id })).toEqual((await StoreEntity.get({ user_id }).go()).data);
    await SettingEntity.create({ key: "maintenance_mode", value: "true", category: "system" }).go();
    const setting = { key: "maintenance_mode" };
    expect(await getItem(schemas.setting, setting)).toEqual((await SettingEntity.get(setting).go()).data);
    expect(keyOf(schemas.setting, setting)).toEqual(SettingEntity.get(setting).params().Key);
    await CounterEntity.update({ scope: "creator#u-Full" }).add({ sales: 2, revenue_eur: 950 }).go();
    await CounterEntity.update({ scope: "platform" })
      .set({ plan_users: { free: 3, pro: 1 } })
      .go();
    for (const scope of ["creator#u-Full", "platform"])
      expect(await getItem(schemas.counter, { scope })).toEqual((await CounterEntity.get({ scope }).go()).data);
  });

  it("a store handle's claim, and a creator's products newest first (the public store page's reads)", async () => {
    const { UniqueEntity, ProductEntity, getItem, keyOf, queryBetween, schemas } = await load();
    const claim = { scope: "store-handle", value: "lena" };
    await UniqueEntity.create({ ...claim, owner_id: "u-Lena" }).go();
    expect(await getItem(schemas.unique, claim)).toEqual((await UniqueEntity.get(claim).go()).data);
    expect(keyOf(schemas.unique, claim)).toEqual(UniqueEntity.get(claim).params().Key);
    for (const [id, created_at] of [
      ["p-Old", "2026-01-02T03:04:05.000Z"],
      ["p-New", "2026-03-02T03:04:05.000Z"],
    ] as const)
      await ProductEntity.create({ id, creator_id: "u-Lena", name: id, price: 100, created_at }).go();
    const electro = (await ProductEntity.query.byCreator({ creator_id: "u-Lena" }).go({ order: "desc", pages: "all" }))
      .data;
    const lean = await queryBetween(
      schemas.product,
      { creator_id: "u-Lena" },
      { created_at: "0" },
      { created_at: "~" },
      "byCreator",
    );
    expect(lean.reverse()).toEqual(electro);
    expect(electro.map((p) => p.id)).toEqual(["p-New", "p-Old"]);
  });

  it("refuses an item another item type wrote under the same key, as ElectroDB does", async () => {
    const { ProductEntity, getItem, keyOf, schemas } = await load();
    const { dynamo, tableName } = await import("../src/db/client");
    const { PutItemCommand } = await import("@aws-sdk/client-dynamodb");
    const key = keyOf(schemas.product, { id: "p-Other" });
    await dynamo().send(
      new PutItemCommand({
        TableName: tableName(),
        Item: { pk: { S: key.pk! }, sk: { S: key.sk! }, __edb_e__: { S: "user" }, __edb_v__: { S: "1" } },
      }),
    );
    expect((await ProductEntity.get({ id: "p-Other" }).go()).data).toBeNull();
    expect(await getItem(schemas.product, { id: "p-Other" })).toBeNull();
  });

  it("several item types in one BatchGetItem, in the order asked, null for a missing one", async () => {
    const { UserEntity, StoreEntity, batchGetItems, schemas } = await load();
    await UserEntity.create({ id: "u-Batch", email: "batch@x.test", name: "B" }).go();
    await StoreEntity.create({ user_id: "u-Batch", handle: "batch" }).go();
    const got = await batchGetItems([
      { schema: schemas.store, key: { user_id: "u-Batch" } },
      { schema: schemas.user, key: { id: "u-Missing" } },
      { schema: schemas.user, key: { id: "u-Batch" } },
    ]);
    expect(got).toEqual([
      (await StoreEntity.get({ user_id: "u-Batch" }).go()).data,
      null,
      (await UserEntity.get({ id: "u-Batch" }).go()).data,
    ]);
  });
});

describe("lean reads of the sales page's payment info, the status and the chart match ElectroDB", () => {
  it("integrations, bare and with every key", async () => {
    const { IntegrationEntity, getItem, keyOf, schemas } = await load();
    await IntegrationEntity.create({ user_id: "u-Bare" }).go();
    await IntegrationEntity.create({
      user_id: "u-Paypal",
      provider: "paypal",
      is_active: false,
      is_live: true,
      paypal_client_id: "cid",
      paypal_client_secret_enc: "enc",
      paypal_webhook_id: "wh",
      paypal_is_live: true,
      automatic_tax: true,
    }).go();
    for (const user_id of ["u-Bare", "u-Paypal", "u-None"]) {
      expect(await getItem(schemas.integration, { user_id })).toEqual(
        (await IntegrationEntity.get({ user_id }).go()).data,
      );
      expect(keyOf(schemas.integration, { user_id })).toEqual(IntegrationEntity.get({ user_id }).params().Key);
    }
  });

  it("a range of daily items: the Query ElectroDB sends, and its items", async () => {
    const { DailyStatEntity, UserEntity, queryBetween, keyOf, schemas } = await load();
    const { watchCalls } = await import("../src/db/lean/call");
    const scope = "creator#u-Chart";
    for (const [date, sales] of [
      ["2026-01-01", 1],
      ["2026-01-02", 2],
      ["2026-01-05", 3],
      ["2026-02-01", 4],
    ] as const)
      await DailyStatEntity.update({ scope, date })
        .add({ sales, revenue: sales * 100, revenue_eur: 7 })
        .go();
    // An item of another type inside the range: ElectroDB leaves it out of the answer.
    const { pk, sk } = keyOf(schemas.daily, { scope, date: "2026-01-03" });
    await UserEntity.create({ id: "u-Intruder", email: "i@x.test" }).go();
    const { dynamo, tableName } = await import("../src/db/client");
    const { PutItemCommand } = await import("@aws-sdk/client-dynamodb");
    const Item = { pk: { S: pk! }, sk: { S: sk! }, __edb_e__: { S: "user" }, __edb_v__: { S: "1" } };
    await dynamo().send(new PutItemCommand({ TableName: tableName(), Item }));
    const query = DailyStatEntity.query.primary({ scope }).between({ date: "2026-01-01" }, { date: "2026-01-30" });
    const sent: unknown[] = [];
    const stop = watchCalls((operation, input) => void sent.push({ operation, input }));
    const lean = await queryBetween(schemas.daily, { scope }, { date: "2026-01-01" }, { date: "2026-01-30" });
    stop();
    expect(lean).toEqual((await query.go({ pages: "all" })).data);
    expect(lean.map((d) => (d as { date: string }).date)).toEqual(["2026-01-01", "2026-01-02", "2026-01-05"]);
    const params = query.params<{ ExpressionAttributeValues: Record<string, string> }>();
    const values = Object.entries(params.ExpressionAttributeValues).map(([name, S]) => [name, { S }]);
    expect(sent).toEqual([
      { operation: "Query", input: { ...params, ExpressionAttributeValues: Object.fromEntries(values) } },
    ]);
  });

  it("the public status: its settings as Setting.list reads them, stored or default", async () => {
    const { SettingEntity } = await load();
    const { Setting } = await import("../src/setting/index");
    const { publicStatus } = await import("../src/setting/public");
    const fromList = async () => {
      const all = await Setting.list();
      const value = (k: string) => all.find((s) => s.setting_key === k)!.setting_value;
      const quote = value("testimonial_quote").trim();
      return {
        maintenance_mode: value("maintenance_mode") === "true",
        support_email: value("support_email"),
        site_name: value("site_name"),
        primary_color: value("primary_color"),
        testimonial: quote ? { quote, author: value("testimonial_author"), role: value("testimonial_role") } : null,
      };
    };
    expect(await publicStatus()).toEqual(await fromList());
    await SettingEntity.create({ key: "site_name", value: "Shop", category: "branding" }).go();
    await Setting.set({ key: "maintenance_mode", value: "true" });
    await Setting.set({ key: "testimonial_quote", value: " Sold out in a day. " });
    await Setting.set({ key: "testimonial_author", value: "Ada" });
    const status = await publicStatus();
    expect(status).toEqual(await fromList());
    expect(status).toMatchObject({
      maintenance_mode: true,
      site_name: "Shop",
      testimonial: { quote: "Sold out in a day." },
    });
  });
});

describe("lean writes match ElectroDB", () => {
  it("a rate-limit hit writes the item ElectroDB's update writes, and answers it", async () => {
    const { RateLimitEntity, addAndSet, schemas } = await load();
    const change = { add: { count: 1 }, set: { expires_at: 999 } };
    const electro = await RateLimitEntity.update({ bucket: "b", key: "e", window: 60 })
      .add(change.add)
      .set(change.set)
      .go({ response: "all_new" });
    const lean = await addAndSet(schemas.rateLimit, { bucket: "b", key: "l", window: 60 }, change);
    expect(lean).toEqual({ ...electro.data, key: "l" });
    const again = await addAndSet(schemas.rateLimit, { bucket: "b", key: "l", window: 60 }, change);
    expect(again).toMatchObject({ count: 2 });
    // What lean wrote reads through ElectroDB, and matches what ElectroDB wrote (but the key).
    const readBack = (await RateLimitEntity.get({ bucket: "b", key: "l", window: 60 }).go()).data;
    expect(readBack).toEqual({ ...electro.data, key: "l", count: 2 });
  });

  it("refuses to write an item type whose timestamps ElectroDB maintains", async () => {
    const { addAndSet, schemas } = await load();
    await expect(addAndSet(schemas.setting, { key: "x" }, { set: { value: "1" } })).rejects.toThrow(
      'lean updates do not maintain "updated_at" of setting: use the entity',
    );
  });
});
