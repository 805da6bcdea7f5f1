import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "../../local/src/testing/index";
import { signInWithRole as signInAs, type Person } from "./actors";

const stack = useStack();
let dana: Person;
let eve: Person;
let seller: Person;

async function purchase(id: string, email: string, extra: Record<string, unknown> = {}) {
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  await PurchaseEntity.create({
    id,
    product_id: "p1",
    product_name: "Notion Kit",
    product_description: "Templates",
    content_url: "https://content.example.com/kit",
    creator_id: seller.id,
    creator_name: "Sam Seller",
    customer_email: email,
    amount: 1900,
    ...extra,
  }).go();
}

beforeAll(async () => {
  dana = await signInAs(stack(), "dana@example.com", "customer", "Dana");
  eve = await signInAs(stack(), "eve@example.com", "customer", "Eve");
  seller = await signInAs(stack(), "sam@example.com", "creator", "Sam");
  await purchase("cs_dana_1", "dana@example.com", { created_at: "2026-01-02T10:00:00.000Z" });
  await purchase("cs_dana_2", "dana@example.com", { created_at: "2026-02-03T10:00:00.000Z", status: "refunded" });
  await purchase("cs_eve_1", "eve@example.com");
});

describe("GET /api/customer/purchases", () => {
  it("lists only the caller's purchases, newest first, each with its access link (none once refunded)", async () => {
    const res = await call(stack(), "GET", "/api/customer/purchases", { cookie: dana.cookie });
    expect(res.status).toBe(200);
    expect(res.json.purchases.map((p: any) => p.id)).toEqual(["cs_dana_2", "cs_dana_1"]);
    expect(res.json.purchases[1]).toEqual({
      id: "cs_dana_1",
      product_id: "p1",
      product_name: "Notion Kit",
      description: "Templates",
      creator_name: "Sam Seller",
      amount: 1900,
      currency: "usd",
      created_at: "2026-01-02T10:00:00.000Z",
      access_count: 0,
      last_accessed_at: null,
      access_url: expect.stringMatching(new RegExp(`^${stack().url}/a/[A-Za-z0-9_-]{32}$`)),
      license_key: null,
      bundle_items: [],
      status: "completed",
    });
    expect(res.text).not.toContain("content.example.com"); // the link, never the raw URL (rule: Access links)
    expect(res.json.purchases[0]).toMatchObject({ status: "refunded", access_url: null });
    // The link given to an older purchase on its first view is its link from then on.
    const again = await call(stack(), "GET", "/api/customer/purchases", { cookie: dana.cookie });
    expect(again.json.purchases[1].access_url).toBe(res.json.purchases[1].access_url);
    const other = await call(stack(), "GET", "/api/customer/purchases", { cookie: eve.cookie });
    expect(other.json.purchases.map((p: any) => p.id)).toEqual(["cs_eve_1"]);
  });

  it("is for customers only", async () => {
    expect((await call(stack(), "GET", "/api/customer/purchases", { cookie: seller.cookie })).status).toBe(403);
    expect((await call(stack(), "GET", "/api/customer/purchases")).status).toBe(401);
  });
});

describe("POST /api/customer/track-access", () => {
  it("records each opening on the caller's own purchase", async () => {
    for (const expected of [1, 2]) {
      const res = await call(stack(), "POST", "/api/customer/track-access", {
        cookie: dana.cookie,
        body: { purchase_id: "cs_dana_1", access_type: "view" },
      });
      expect(res.status).toBe(200);
      expect(res.json.purchase.access_count).toBe(expected);
    }
    const list = await call(stack(), "GET", "/api/customer/purchases", { cookie: dana.cookie });
    const p = list.json.purchases.find((x: any) => x.id === "cs_dana_1");
    expect(p.access_count).toBe(2);
    expect(Date.now() - Date.parse(p.last_accessed_at)).toBeLessThan(60_000);
  });

  it("answers 404 for another customer's purchase and leaves it untouched", async () => {
    const res = await call(stack(), "POST", "/api/customer/track-access", {
      cookie: dana.cookie,
      body: { purchase_id: "cs_eve_1", access_type: "view" },
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("Purchase not found.");
    const missing = await call(stack(), "POST", "/api/customer/track-access", {
      cookie: dana.cookie,
      body: { purchase_id: "nope", access_type: "view" },
    });
    expect(missing.status).toBe(404);
    const eves = await call(stack(), "GET", "/api/customer/purchases", { cookie: eve.cookie });
    expect(eves.json.purchases[0].access_count).toBe(0);
  });

  it("refuses a refunded purchase with a clear message", async () => {
    const res = await call(stack(), "POST", "/api/customer/track-access", {
      cookie: dana.cookie,
      body: { purchase_id: "cs_dana_2", access_type: "view" },
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("This purchase was refunded, so its content is no longer available.");
  });

  it("answers 400 without a purchase id", async () => {
    const res = await call(stack(), "POST", "/api/customer/track-access", {
      cookie: dana.cookie,
      body: { access_type: "view" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("purchase_id is required.");
  });
});

describe("PUT /api/customer/profile", () => {
  it("stores the trimmed name and refuses a blank one", async () => {
    const ok = await call(stack(), "PUT", "/api/customer/profile", {
      cookie: dana.cookie,
      body: { name: "  Dana Doe  " },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.profile.name).toBe("Dana Doe");
    const profile = await call(stack(), "GET", "/api/profile", { cookie: dana.cookie });
    expect(profile.json.name).toBe("Dana Doe");
    const blank = await call(stack(), "PUT", "/api/customer/profile", { cookie: dana.cookie, body: { name: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe("Please enter your name.");
    expect(
      (await call(stack(), "PUT", "/api/customer/profile", { cookie: seller.cookie, body: { name: "X" } })).status,
    ).toBe(403);
  });
});
