import { describe, expect, it } from "vitest";
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
