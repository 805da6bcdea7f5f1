import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * Exactly-once and faults over HTTP. Product create is one DynamoDB transaction (product,
 * owner's count with the plan-limit condition, creator and platform counters): when it is
 * refused nothing of it may remain. core/test/product.test.ts covers the creator's side under
 * concurrency; this checks every place the create would have touched, platform included.
 */
const stack = useStack();
let admin: Person, ann: Person;

beforeAll(async () => {
  admin = await signInAdmin(stack());
  ann = await signInWithRole(stack(), "ann@example.com", "creator"); // Free plan: 1 product
});

/** Everything a product create writes, read back from the API and the table. */
async function footprint(creatorId: string, cookie: string) {
  const { CounterEntity, ProductEntity, UserEntity } = await import("@payloft/core/db/entities");
  const [products, dashboard, adminStats, stored, creatorCounter, platformCounter, owner] = await Promise.all([
    call(stack(), "GET", "/api/products", { cookie }),
    call(stack(), "GET", "/api/dashboard/stats", { cookie }),
    call(stack(), "GET", "/api/admin/stats", { cookie: admin.cookie }),
    ProductEntity.query.byCreator({ creator_id: creatorId }).go({ pages: "all" }),
    CounterEntity.get({ scope: `creator#${creatorId}` }).go(),
    CounterEntity.get({ scope: "platform" }).go(),
    UserEntity.get({ id: creatorId }).go(),
  ]);
  return {
    listed: products.json.map((p: { name: string }) => p.name),
    dashboardProducts: dashboard.json.stats.totalProducts,
    adminProducts: adminStats.json.products,
    storedItems: stored.data.length,
    creatorCounter: { products: creatorCounter.data?.products, active: creatorCounter.data?.active_products },
    platformCounter: { products: platformCounter.data?.products, active: platformCounter.data?.active_products },
    ownerCount: owner.data?.product_count,
  };
}

describe("a refused product create leaves no half-done writes", () => {
  it("hitting the plan limit changes no product, count or counter anywhere", async () => {
    const first = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: productBody("Only One") });
    expect(first.status).toBe(201);
    const before = await footprint(ann.id, ann.cookie);
    expect(before).toMatchObject({
      listed: ["Only One"],
      dashboardProducts: 1,
      storedItems: 1,
      ownerCount: 1,
      creatorCounter: { products: 1, active: 1 },
      platformCounter: { products: 1, active: 1 },
      adminProducts: { total_products: 1, active_products: 1 },
    });

    for (const name of ["Second", "Third"]) {
      const refused = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: productBody(name) });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        error: "You've reached your plan limit of 1 product(s). Please upgrade your plan to add more products.",
        code: "plan.limit_reached",
        limit: 1,
      });
    }
    expect(await footprint(ann.id, ann.cookie)).toEqual(before);
  });

  it("an invalid create writes nothing either", async () => {
    const before = await footprint(ann.id, ann.cookie);
    const res = await call(stack(), "POST", "/api/products", {
      cookie: ann.cookie,
      body: { ...productBody("Bad"), content_url: "javascript:alert(1)" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Content URL must be a web address starting with http:// or https://.");
    expect(await footprint(ann.id, ann.cookie)).toEqual(before);
  });
});
