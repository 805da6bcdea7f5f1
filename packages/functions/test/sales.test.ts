import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "../../local/src/testing/index";
import { writeSales } from "../../core/test/sales-fixtures";
import { signInSellers, type Person } from "./actors";

const stack = useStack();
let ann: Person, bob: Person, cara: Person;

beforeAll(async () => {
  ({ ann, bob, cara } = await signInSellers(stack()));
  // The same four buyers buy from both creators: each creator must see only their own part.
  await writeSales({
    creatorId: ann.id,
    count: 10,
    amount: 1250,
    buyers: 4,
    emailPrefix: "shared",
    productName: "Ann's guide",
  });
  await writeSales({
    creatorId: bob.id,
    count: 3,
    amount: 900,
    buyers: 3,
    emailPrefix: "shared",
    productName: "Bob's kit",
  });
});

describe("GET /api/sales-history", () => {
  it("pages through the caller's own sales, newest first", async () => {
    const seen: any[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const q: string = cursor ? `?limit=4&cursor=${encodeURIComponent(cursor)}` : "?limit=4";
      const res = await call(stack(), "GET", `/api/sales-history${q}`, { cookie: ann.cookie });
      expect(res.status).toBe(200);
      sizes.push(res.json.sales.length);
      seen.push(...res.json.sales);
      cursor = res.json.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([4, 4, 2]);
    expect(new Set(seen.map((s) => s.id)).size).toBe(10);
    expect(seen.every((s) => s.id.startsWith(`cs_${ann.id}_`))).toBe(true);
    const dates = seen.map((s) => s.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Object.keys(seen[0]).sort()).toEqual([
      "affiliate",
      "amount",
      "charge_kind",
      "created_at",
      "currency",
      "customer_email",
      "id",
      "license_disabled",
      "license_key",
      "membership_id",
      "order_id",
      "product_id",
      "product_name",
      "renewal",
      "status",
      "tax",
    ]);
    expect(seen[0]).toMatchObject({
      product_name: "Ann's guide",
      amount: 1250,
      tax: 0,
      currency: "usd",
      status: "completed",
      renewal: false,
      charge_kind: null,
    });
  });

  it("never shows another creator's sales", async () => {
    const res = await call(stack(), "GET", "/api/sales-history", { cookie: bob.cookie });
    expect(res.json.sales).toHaveLength(3);
    expect(res.json.sales.every((s: any) => s.product_name === "Bob's kit")).toBe(true);
    expect(res.json.nextCursor).toBeNull();
  });

  it("answers a clear 400 for a bad page size and refuses customers", async () => {
    const bad = await call(stack(), "GET", "/api/sales-history?limit=500", { cookie: ann.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("limit must be a number between 1 and 100.");
    expect((await call(stack(), "GET", "/api/sales-history", { cookie: cara.cookie })).status).toBe(403);
    expect((await call(stack(), "GET", "/api/customers", { cookie: cara.cookie })).status).toBe(403);
  });
});

describe("GET /api/customers", () => {
  it("lists the caller's customers with their totals and product chips, paginated", async () => {
    const first = await call(stack(), "GET", "/api/customers?limit=3", { cookie: ann.cookie });
    expect(first.status).toBe(200);
    expect(first.json.customers).toHaveLength(3);
    expect(first.json.nextCursor).toBeTruthy();
    const rest = await call(
      stack(),
      "GET",
      `/api/customers?limit=3&cursor=${encodeURIComponent(first.json.nextCursor)}`,
      { cookie: ann.cookie },
    );
    expect(rest.json.customers).toHaveLength(1);
    expect(rest.json.nextCursor).toBeNull();
    const all = [...first.json.customers, ...rest.json.customers];
    // 10 sales over 4 buyers: 3, 3, 2, 2 purchases of $12.50 each.
    expect(all.map((c: any) => c.total_purchases).sort()).toEqual([2, 2, 3, 3]);
    expect(all.reduce((s: number, c: any) => s + c.total_spent, 0)).toBe(12500);
    expect(all[0]).toMatchObject({ email: "shared-0@example.com", products: ["Ann's guide"] });
    expect(typeof all[0].last_purchase_at).toBe("string");
  });

  it("shows a buyer shared with another creator only with this creator's purchases", async () => {
    const res = await call(stack(), "GET", "/api/customers", { cookie: bob.cookie });
    expect(res.json.customers).toHaveLength(3);
    for (const c of res.json.customers) {
      expect(c.products).toEqual(["Bob's kit"]);
      expect(c.total_purchases).toBe(1);
      expect(c.total_spent).toBe(900);
    }
  });
});

describe("pagination input", () => {
  it("treats empty cursor and limit as the first page, and a broken cursor as a clear 400", async () => {
    const res = await call(stack(), "GET", "/api/sales-history?cursor=&limit=", { cookie: ann.cookie });
    expect(res.status).toBe(200);
    expect(res.json.sales).toHaveLength(10);
    const broken = await call(stack(), "GET", "/api/customers?cursor=not-a-real-cursor", { cookie: ann.cookie });
    expect(broken.status).toBe(400);
    expect(broken.json.error).toBe("This page of results is no longer valid. Reload the list to start again.");
  });
});
