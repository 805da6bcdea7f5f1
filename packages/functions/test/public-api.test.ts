import { beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { call, useStack } from "@payloft/local/testing/index";
import { routes, routeKey } from "../src/routes";
import { writeSales } from "../../core/test/sales-fixtures";
import { productBody, signInWithRole, type Person } from "./actors";

/** The public REST API v1: Bearer API keys, products in cents, paged sales and customers. */
const stack = useStack();

async function business(email: string, plan = "business") {
  const person = await signInWithRole(stack(), email, "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: person.id }).set({ plan }).go();
  const res = await call(stack(), "POST", "/api/api-keys", { cookie: person.cookie, body: { name: "tests" } });
  if (res.status !== 201) throw new Error(`key: ${res.status} ${res.text}`);
  return { ...person, key: res.json.key as string, keyId: res.json.id as string };
}

const v1 = (method: string, path: string, opts: { key?: string; body?: unknown; cookie?: string } = {}) =>
  call(stack(), method, `/api/v1${path}`, {
    body: opts.body,
    cookie: opts.cookie,
    headers: opts.key ? { authorization: `Bearer ${opts.key}` } : {},
  });

const apiProduct = (name = "API Guide", extra: Record<string, unknown> = {}) => ({
  name,
  headline: "Made by a program",
  price: 1234,
  content_url: "https://files.example.com/api-guide.pdf",
  ...extra,
});

let bea: Person & { key: string; keyId: string };
let bob: Person & { key: string; keyId: string };

beforeAll(async () => {
  bea = await business("bea-api@example.com");
  bob = await business("bob-api@example.com", "lifetime");
});

describe("authentication", () => {
  it("401 without a key, with a malformed or unknown key, and for a cookie session", async () => {
    const none = await v1("GET", "/products");
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({
      code: "auth.api_key_missing",
      error: "Send your API key in the Authorization header: 'Authorization: Bearer <key>'.",
    });
    const wrong = await v1("GET", "/products", { key: "pl_test_not-a-real-key" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe("auth.api_key_invalid");
    const forged = await v1("GET", "/products", { key: `pl_test_${"A".repeat(43)}` });
    expect(forged.status).toBe(401);
    const cookie = await v1("GET", "/products", { cookie: bea.cookie });
    expect(cookie.status).toBe(401);
  });

  it("a revoked key is refused on the very next call", async () => {
    const temp = await call(stack(), "POST", "/api/api-keys", { cookie: bea.cookie, body: { name: "temp" } });
    expect((await v1("GET", "/products", { key: temp.json.key })).status).toBe(200);
    const revoked = await call(stack(), "DELETE", `/api/api-keys/${temp.json.id}`, { cookie: bea.cookie });
    expect(revoked.status).toBe(200);
    const after = await v1("GET", "/products", { key: temp.json.key });
    expect(after.status).toBe(401);
    expect(after.json.code).toBe("auth.api_key_invalid");
  });

  it("a key stops opening the API when its owner leaves the Business plan, with the upgrade named", async () => {
    const pat = await business("pat-api@example.com");
    expect((await v1("GET", "/products", { key: pat.key })).status).toBe(200);
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id: pat.id }).set({ plan: "pro" }).go();
    const res = await v1("GET", "/products", { key: pat.key });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "plan.feature_locked", upgrade: "business" });
    await UserEntity.patch({ id: pat.id }).set({ plan: "business", deactivated: true }).go();
    const off = await v1("GET", "/products", { key: pat.key });
    expect(off.status).toBe(403);
    expect(off.json.code).toBe("user.deactivated");
  });
});

describe("rate limit per key", () => {
  it("answers 429 with Retry-After once a key used its minute's calls; another key is unaffected", async () => {
    const { ApiKey } = await import("@payloft/core/api-key/index");
    const { RateLimitEntity } = await import("@payloft/core/db/entities");
    const noisy = await business("noisy-api@example.com");
    const { bucket, limit, windowSeconds } = ApiKey.RATE_LIMIT;
    // Spend the key's allowance through the primitive's own counter, for this window and the
    // next: the call below is refused whichever window it lands in, however slow the machine.
    const now = Math.floor(Date.now() / 1000);
    const window = now - (now % windowSeconds);
    for (const w of [window, window + windowSeconds])
      await RateLimitEntity.update({ bucket, key: noisy.keyId, window: w })
        .set({ count: limit, expires_at: w + 2 * windowSeconds })
        .go();
    const refused = await v1("GET", "/products", { key: noisy.key });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await v1("GET", "/products", { key: bea.key })).status).toBe(200);
  });
});

describe("products", () => {
  it("creates with the price in cents, reads, updates and deletes, like the dashboard", async () => {
    const created = await v1("POST", "/products", { key: bea.key, body: apiProduct() });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "API Guide", price: 1234, is_active: true, media_type: "none" });
    expect(created.json).not.toHaveProperty("pk");
    const id = created.json.id as string;

    // The dashboard sees it, and the owner's count moved (the plan limit is counted on it).
    const dash = await call(stack(), "GET", "/api/products", { cookie: bea.cookie });
    expect(dash.json.map((p: { id: string }) => p.id)).toContain(id);
    const profile = await call(stack(), "GET", "/api/profile", { cookie: bea.cookie });
    expect(profile.json.total_products).toBe(1);

    expect((await v1("GET", `/products/${id}`, { key: bea.key })).json.price).toBe(1234);
    const patched = await v1("PATCH", `/products/${id}`, {
      key: bea.key,
      body: { price: 990, name: "  API Guide 2  ", is_active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      price: 990,
      name: "API Guide 2",
      is_active: false,
      headline: "Made by a program",
    });
    const stats = await call(stack(), "GET", "/api/dashboard/stats", { cookie: bea.cookie });
    expect(stats.status).toBe(200);

    const deleted = await v1("DELETE", `/products/${id}`, { key: bea.key });
    expect(deleted.json).toEqual({ id, deleted: true });
    expect((await v1("GET", `/products/${id}`, { key: bea.key })).status).toBe(404);
    const after = await call(stack(), "GET", "/api/profile", { cookie: bea.cookie });
    expect(after.json.total_products).toBe(0);
  });

  it("refuses with the dashboard's own messages; price must be whole cents", async () => {
    const js = await v1("POST", "/products", {
      key: bea.key,
      body: apiProduct("X", { content_url: "javascript:alert(1)" }),
    });
    const dialog = await call(stack(), "POST", "/api/products", {
      cookie: bea.cookie,
      body: { ...productBody("X"), content_url: "javascript:alert(1)" },
    });
    expect(js.status).toBe(400);
    expect(js.json.error).toBe(dialog.json.error);
    for (const price of ["12.34", 12.5, -1, 100_000_000]) {
      const res = await v1("POST", "/products", { key: bea.key, body: apiProduct("X", { price }) });
      expect(res.status, String(price)).toBe(400);
      expect(res.json.error).toMatch(/price is in cents/);
    }
  });

  it("checks an update on the result: media needs its media, and the change is kept whole", async () => {
    const { id } = (await v1("POST", "/products", { key: bea.key, body: apiProduct("Media") })).json;
    const bad = await v1("PATCH", `/products/${id}`, { key: bea.key, body: { media_type: "image" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Please enter the media for the selected media type, or choose None.");
    const ok = await v1("PATCH", `/products/${id}`, {
      key: bea.key,
      body: { media_type: "image", media_url: "https://img.example.com/a.png" },
    });
    expect(ok.json).toMatchObject({ media_type: "image", media_url: "https://img.example.com/a.png", price: 1234 });
  });

  it("sends a changed listing back to review while products need approval", async () => {
    const admin = await import("@payloft/core/setting/index");
    const { id } = (await v1("POST", "/products", { key: bea.key, body: apiProduct("Reviewed") })).json;
    await admin.Setting.set({ key: "auto_approve_products", value: "false" });
    try {
      const res = await v1("PATCH", `/products/${id}`, { key: bea.key, body: { description: "Now different" } });
      expect(res.json.moderation_status).toBe("pending");
    } finally {
      await admin.Setting.set({ key: "auto_approve_products", value: "true" });
    }
  });

  it("another creator's product is a 404 for every verb", async () => {
    const { id } = (await v1("POST", "/products", { key: bea.key, body: apiProduct("Private") })).json;
    expect((await v1("GET", `/products/${id}`, { key: bob.key })).status).toBe(404);
    expect((await v1("PATCH", `/products/${id}`, { key: bob.key, body: { price: 1 } })).status).toBe(404);
    expect((await v1("DELETE", `/products/${id}`, { key: bob.key })).status).toBe(404);
    expect((await v1("GET", `/products/${id}`, { key: bea.key })).json.price).toBe(1234);
  });

  it("lists only the owner's products, in cursor pages", async () => {
    const cleo = await business("cleo-api@example.com");
    for (const n of ["One", "Two", "Three"])
      expect((await v1("POST", "/products", { key: cleo.key, body: apiProduct(n) })).status).toBe(201);
    const first = await v1("GET", "/products?limit=2", { key: cleo.key });
    expect(first.json.data.map((p: { name: string }) => p.name)).toEqual(["Three", "Two"]);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const second = await v1("GET", `/products?limit=2&cursor=${encodeURIComponent(first.json.next_cursor)}`, {
      key: cleo.key,
    });
    expect(second.json.data.map((p: { name: string }) => p.name)).toEqual(["One"]);
    const bad = await v1("GET", "/products?limit=0", { key: cleo.key });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/limit/);
  });
});

describe("sales and customers", () => {
  it("pages through the owner's sales (amounts in cents) and customers", async () => {
    await writeSales({ creatorId: bob.id, count: 5, buyers: 3, amount: 950 });
    const first = await v1("GET", "/sales?limit=3", { key: bob.key });
    expect(first.status).toBe(200);
    expect(first.json.data).toHaveLength(3);
    expect(first.json.data[0]).toMatchObject({ amount: 950, status: "completed", product_name: "Guide" });
    const rest = await v1("GET", `/sales?limit=3&cursor=${encodeURIComponent(first.json.next_cursor)}`, {
      key: bob.key,
    });
    expect(rest.json.data).toHaveLength(2);
    const ids = [...first.json.data, ...rest.json.data].map((s: { id: string }) => s.id);
    expect(new Set(ids).size).toBe(5);

    const customers = await v1("GET", "/customers", { key: bob.key });
    expect(customers.json.data).toHaveLength(3);
    expect(customers.json.data[0]).toMatchObject({ total_spent: expect.any(Number), products: ["Guide"] });
    expect((await v1("GET", "/sales", { key: bea.key })).json.data).toEqual([]);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document listing every /api/v1 route of the table", async () => {
    const res = await v1("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(res.json);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");

    const documented = Object.entries(res.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const table = routes.filter((r) => r.path.startsWith("/api/v1/")).map(routeKey);
    expect(table.length).toBeGreaterThanOrEqual(8);
    expect(documented.sort()).toEqual(table.sort());
  });

  it("describes the request bodies with the rules the API enforces", async () => {
    const { json } = await v1("GET", "/openapi.json");
    const create = json.components.schemas.ProductCreate;
    // price: required of a one-time product; a recurring one's is what its tiers start at.
    expect(create.required).toEqual(expect.arrayContaining(["name", "content_url"]));
    expect(create.properties.price).toMatchObject({ type: "integer", minimum: 0, maximum: 99_999_999 });
    expect(create.properties.price.description).toMatch(/required when billing is one_time/);
    expect(create.properties.trial_days).toMatchObject({ type: "integer", minimum: 0, maximum: 90 });
    expect(create.properties.tiers.items.properties.prices.items.properties.interval.enum).toEqual([
      "month",
      "quarter",
      "year",
    ]);
    expect(json.paths["/api/v1/products/{id}"].patch.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ProductUpdate",
    });
    expect(json.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
