import { describe, expect, it, vi } from "vitest";
import { createRequire } from "node:module";
import { useStack } from "@payloft/local/testing/index";

const stack = useStack();

describe("data model", () => {
  it("keeps case in keys and supports a cross-entity transaction", async () => {
    stack();
    const { Db, PurchaseEntity, CounterEntity } = await import("../src/db/entities");
    await Db.transaction
      .write(({ purchase, counter }) => [
        purchase
          .create({
            id: "cs_test_AbC",
            product_id: "p1",
            product_name: "Guide",
            content_url: "https://x.test",
            creator_id: "u1",
            customer_email: "a@b.test",
            amount: 1234,
          })
          .commit(),
        counter.update({ scope: "creator#u1" }).add({ sales: 1, revenue: 1234 }).commit(),
      ])
      .go();
    const got = await PurchaseEntity.get({ id: "cs_test_AbC" }).go();
    expect(got.data?.amount).toBe(1234);
    expect((await PurchaseEntity.get({ id: "cs_test_abc" }).go()).data).toBeNull();
    const c = await CounterEntity.get({ scope: "creator#u1" }).go();
    expect(c.data?.sales).toBe(1);
  });
});

describe("entities at cold start", () => {
  it("are built (and their models validated by ElectroDB) on first use, not at import", async () => {
    stack();
    // ElectroDB validates a model through this module each time an entity is constructed.
    const require = createRequire(import.meta.url);
    const validations = require(require.resolve("electrodb").replace(/index\.js$/, "src/validations.js")) as {
      model: (m: unknown) => unknown;
    };
    const original = validations.model;
    let built = 0;
    validations.model = (m) => (built++, original(m));
    try {
      vi.resetModules(); // a fresh import, as in a new Lambda instance
      const { ProductEntity } = await import("../src/db/entities");
      expect(built).toBe(0);
      const params = ProductEntity.get({ id: "p1" }).params<{ Key: Record<string, string> }>();
      expect(params.Key.pk).toContain("p1");
      expect(built).toBe(1);
    } finally {
      validations.model = original;
    }
  });
});
