import type { IncomingMessage } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { viewerHeaders } from "@payloft/local/testing/auth";
import { routes, routeKey, takesBody, type Access, type RouteDef } from "../src/routes";
import type { ApiRequest } from "../src/http/request";
import { productBody, signInAdmin, signInWithRole, signInWithoutRole, type Person } from "./actors";

/**
 * "Nothing a user can do causes a 500." Every route of the table, called by an allowed
 * caller with malformed bodies, queries and path ids: the answer is a 4xx with a JSON
 * {error} a person can read, never a 500. Which routes read a body or a query is the row's own
 * (a write takes its body unless it says `body: false`; `query: true`), and the wrapper hands a
 * body or a query to no other row, so new routes are covered without editing this file.
 */
const stack = useStack();

const HUGE = "x".repeat(100_000);
const UNICODE = "Zoë 🙂 ‮evil‬ \u0000 \ud800 ﷽";
const JS_URL = "javascript:alert(document.cookie)";
/** Every field name the API's inputs use (grep of the zod schemas), to poison them all at once. */
const FIELDS = [
  "name",
  "headline",
  "subheadline",
  "description",
  "price",
  "content_url",
  "media_type",
  "media_url",
  "is_active",
  "is_live",
  "provider",
  "stripe_publishable_key",
  "stripe_secret_key",
  "paypal_client_id",
  "paypal_client_secret",
  "paypal_webhook_id",
  "productId",
  "purchase_id",
  "access_type",
  "role",
  "plan",
  "billing_cycle",
  "email",
  "is_admin",
  "onboarding_completed",
  "status",
  "notes",
  "moderation_notes",
  "key",
  "value",
  "title",
  "content",
  "type",
  "target_audience",
  "code",
  "user_type",
  "full_name",
  "handle",
  "bio",
  "avatar_url",
  "accent_color",
  "percent_off",
  "amount_off",
  "product_ids",
  "max_redemptions",
  "expires_at",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "pay_what_you_want",
  "suggested_price",
];
const everyField = (v: unknown) => Object.fromEntries(FIELDS.map((f) => [f, v]));

/** Bodies of the wrong shape or type: a route that reads its body must refuse each with a 400-ish answer. */
const WRONG_BODIES: [string, unknown][] = [
  ["a JSON array", [1, 2, 3]],
  ["a JSON string", "hello"],
  ["a JSON number", 42],
  ["JSON true", true],
  ["numbers everywhere", everyField(12345)],
  ["negative numbers everywhere", everyField(-1)],
  ["nested objects everywhere", everyField({ $ne: null })],
  ["arrays everywhere", everyField(["a"])],
  ["nulls everywhere", everyField(null)],
  ["a 100 kB string everywhere", everyField(HUGE)],
];
/** Bodies of the right types but odd contents: refused or accepted, never a 500. */
const ODD_BODIES: [string, unknown][] = [
  ["null", null],
  ["an empty object", {}],
  ["unicode everywhere", everyField(UNICODE)],
  ["javascript: URLs everywhere", everyField(JS_URL)],
  ["NaN-ish strings", everyField("NaN")],
  ["huge number strings", everyField("1e308")],
  ["prototype keys", JSON.parse('{"__proto__": {"is_admin": true}, "constructor": {"prototype": {"x": 1}}}')],
];
const ODD_QUERIES = [
  "limit=-1",
  "limit=abc",
  "limit=1e999",
  "limit=99999999",
  "limit=2.5",
  "page=-3",
  "cursor=garbage",
  `cursor=${Buffer.from('{"pk":"USER#x","sk":1}').toString("base64url")}`,
  `cursor=${Buffer.from("[1,2").toString("base64")}`,
  `q=${encodeURIComponent("Zoë 🙂 ‮ ﷽")}`,
  "q=%E0%A4%A",
  "q=%ZZ",
  `q=${"y".repeat(6_000)}`,
  "q=%25%00%27%22",
  "q=a&q=b",
  "session_id=",
  "session_id=cs_nope",
  `session_id=${"s".repeat(3_000)}`,
  "status=bogus",
  "period=bogus",
  "days=-5",
];
const ODD_IDS = [
  "z".repeat(3_000),
  encodeURIComponent("é🙂"),
  "%00",
  "..%2F..%2Fadmin",
  encodeURIComponent("USER#1|PRODUCT#2"),
  "%20",
];

// The route table says which rows read a body or a query; the wrapper gives them to no other row.
const readsBody = takesBody;
const readsQuery = (r: RouteDef) => r.query === true;
const hasParams = (r: RouteDef) => r.path.includes("{");

type Caller = "anonymous" | "newcomer" | "customer" | "creator" | "admin";
const CALLER_FOR: Record<Access, Caller> = {
  anonymous: "anonymous",
  user: "newcomer",
  customer: "customer",
  creator: "creator",
  admin: "admin",
  apikey: "creator", // with the creator's API key (they are on Business here)
};
let apiKey = "";
const people: Partial<Record<Caller, Person>> = {};
/** Real ids for path params, so the bad input reaches validation rather than a 404. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  people.newcomer = await signInWithoutRole(stack(), "nora@example.com");
  people.customer = await signInWithRole(stack(), "cara@example.com", "customer");
  people.creator = await signInWithRole(stack(), "ann@example.com", "creator");
  people.admin = await signInAdmin(stack());
  const victim = await signInWithRole(stack(), "victim@example.com", "creator");
  const product = await call(stack(), "POST", "/api/products", { cookie: people.creator.cookie, body: productBody() });
  expect(product.status).toBe(201);
  const note = await call(stack(), "POST", "/api/admin/announcements", {
    cookie: people.admin.cookie,
    body: { title: "Hello", content: "World" },
  });
  expect(note.status).toBe(201);
  // Room for more products, so the field checks below meet validation, not the plan limit.
  const plan = await call(stack(), "PUT", `/api/admin/users/${people.creator.id}/plan`, {
    cookie: people.admin.cookie,
    body: { plan: "business" },
  });
  expect(plan.status).toBe(200);
  const key = await call(stack(), "POST", "/api/api-keys", { cookie: people.creator.cookie, body: { name: "bad" } });
  apiKey = key.json.key;
  Object.assign(ids, {
    id: product.json.id ?? product.json.product?.id,
    productId: product.json.id ?? product.json.product?.id,
    creatorId: people.creator.id,
    sellerId: people.creator.id,
    userId: victim.id,
    announcementId: note.json.announcement.id,
  });
});

/** The route's path with real ids (a person's id for the admin user routes, etc.). */
function realPath(r: RouteDef) {
  return r.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (r.path.startsWith("/api/admin/users/")) return ids.userId!;
    if (r.path.startsWith("/api/admin/announcements/")) return ids.announcementId!;
    return ids[name] ?? "made-up-id";
  });
}

function send(r: RouteDef, opts: { path?: string; body?: unknown; raw?: string }) {
  const who = people[CALLER_FOR[r.access]];
  const auth: Record<string, string> = r.access === "apikey" ? { authorization: `Bearer ${apiKey}` } : {};
  if (opts.raw === undefined)
    return call(stack(), r.method, opts.path ?? realPath(r), { body: opts.body, cookie: who?.cookie, headers: auth });
  return call(stack(), r.method, opts.path ?? realPath(r), {
    cookie: who?.cookie,
    headers: { "content-type": "application/json", ...auth },
    rawBody: opts.raw,
  });
}

/** Routes outside /api (a buyer's access link) answer a person with an HTML page, not {error}. */
const PAGE_PREFIXES = routes.filter((r) => !r.path.startsWith("/api/")).map((r) => ` ${r.path.split("{")[0]}`);
function expectReadable(res: Awaited<ReturnType<typeof call>>, what: string, msg: string) {
  if (PAGE_PREFIXES.some((p) => what.includes(p)) && res.headers.get("content-type")?.startsWith("text/html")) {
    expect(res.text, msg).toContain("<title>");
    return;
  }
  expect(typeof res.json?.error, msg).toBe("string");
  expect(res.json.error.length, msg).toBeGreaterThan(3);
}
function expectClientError(res: Awaited<ReturnType<typeof call>>, what: string) {
  const msg = `${what} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, msg).toBeGreaterThanOrEqual(400);
  expect(res.status, msg).toBeLessThan(500);
  expectReadable(res, what, msg);
}
function expectNoServerError(res: Awaited<ReturnType<typeof call>>, what: string) {
  const msg = `${what} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, msg).toBeLessThan(500);
  if (res.status >= 400) expectReadable(res, what, msg);
}

// Deletions and logout change what later calls can reach, so they run last.
const rank = (r: RouteDef) => (r.path === "/api/logout" ? 2 : r.method === "DELETE" ? 1 : 0);
const ordered = [...routes].sort((a, b) => rank(a) - rank(b));
const writes = ordered.filter((r) => ["POST", "PUT", "PATCH"].includes(r.method));

describe("the row declares what the handler reads", () => {
  /** What the wrapper hands a handler on `key`'s row for a request with a JSON body and a query. */
  async function handedTo(key: string) {
    const { api } = await import("../src/http/api");
    const { buildEvent } = await import("@payloft/local/gateway");
    const route = routes.find((r) => routeKey(r) === key)!;
    let got: ApiRequest | undefined;
    const probe = api(async (req) => {
      got = req;
      return {};
    });
    const request = {
      url: `${route.path}?session_id=cs_1`,
      method: route.method,
      // As CloudFront forwards it (the wrapper refuses anything else: http/edge.ts).
      headers: { host: "localhost", "content-type": "application/json", ...viewerHeaders("198.51.100.77") },
      socket: { remoteAddress: "198.51.100.77" },
    } as unknown as IncomingMessage;
    const answer = await probe(buildEvent(request, route, {}, Buffer.from('{"productId":"p1"}')));
    expect(answer.statusCode, key).toBe(200);
    return { body: got!.body, rawBody: got!.rawBody, query: got!.query };
  }

  it("a body and a query reach only the rows that declare them", async () => {
    expect(await handedTo("POST /api/checkout/create-session")).toMatchObject({ body: { productId: "p1" } });
    expect(await handedTo("POST /api/logout")).toEqual({ body: undefined, rawBody: "", query: {} });
    expect((await handedTo("GET /api/checkout/success")).query).toEqual({ session_id: "cs_1" });
    expect((await handedTo("GET /api/v1/openapi.json")).query).toEqual({});
  });
});

describe("malformed bodies", () => {
  it.each(writes.map((r) => [routeKey(r), r] as const))("%s refuses a body that is not JSON", async (_k, r) => {
    const res = await send(r, { raw: "{not json" });
    expectClientError(res, `${routeKey(r)} invalid JSON`);
  });

  it.each(writes.filter(readsBody).map((r) => [routeKey(r), r] as const))(
    "%s refuses wrong shapes and types",
    async (_k, r) => {
      for (const [label, body] of WRONG_BODIES)
        expectClientError(await send(r, { body }), `${routeKey(r)} with ${label}`);
    },
  );

  it.each(writes.map((r) => [routeKey(r), r] as const))("%s survives odd contents", async (_k, r) => {
    for (const [label, body] of ODD_BODIES)
      expectNoServerError(await send(r, { body }), `${routeKey(r)} with ${label}`);
  });
});

describe("malformed queries", () => {
  it.each(ordered.filter(readsQuery).map((r) => [routeKey(r), r] as const))(
    "%s survives odd query strings",
    async (_k, r) => {
      for (const q of ODD_QUERIES)
        expectNoServerError(await send(r, { path: `${realPath(r)}?${q}` }), `${routeKey(r)}?${q.slice(0, 60)}`);
    },
  );
});

describe("malformed path ids", () => {
  it.each(ordered.filter(hasParams).map((r) => [routeKey(r), r] as const))(
    "%s answers 4xx for ids that do not exist",
    async (_k, r) => {
      for (const id of ODD_IDS) {
        const path = r.path.replace(/\{[^}]+\}/g, id);
        const body = ["POST", "PUT", "PATCH"].includes(r.method) ? {} : undefined;
        const res = await send(r, { path, body });
        // An affiliate link whose code does not exist still takes the visitor to the site, without
        // attribution (ids the gateway cannot route are its 4xx, as for every row).
        if (routeKey(r) === "GET /r/{code}" && res.status === 302) {
          expect([res.headers.get("location"), res.headers.get("set-cookie")]).toEqual([`${stack().url}/`, null]);
          continue;
        }
        expectClientError(res, `${r.method} ${path.slice(0, 80)}`);
      }
    },
  );
});

describe("malformed cookies", () => {
  it.each(ordered.filter((r) => r.method === "GET").map((r) => [routeKey(r), r] as const))(
    "%s survives a broken session cookie",
    async (_k, r) => {
      for (const cookie of [
        "payloft_access=%E0%A4%A",
        "payloft_access=; payloft_refresh=%ZZ",
        "payloft_access=abc.def.ghi",
        `payloft_refresh=${"r".repeat(4_000)}`,
      ]) {
        const res = await call(stack(), "GET", realPath(r), { cookie });
        expectNoServerError(res, `${routeKey(r)} with cookie ${cookie.slice(0, 40)}`);
        if (r.access !== "anonymous") expect(res.status, `${routeKey(r)} with cookie ${cookie.slice(0, 40)}`).toBe(401);
      }
    },
  );
});

// Spec: a non-numeric price becomes 0 (so "NaN" and "" are accepted); everything else is refused.
describe("a product's fields one at a time", () => {
  const bad: [string, unknown][] = [
    ["name", HUGE],
    ["name", 5],
    ["headline", HUGE],
    ["description", HUGE],
    ["price", "-5"],
    ["price", "1e308"],
    ["price", -5],
    ["content_url", JS_URL],
    ["content_url", "not a url"],
    ["content_url", `https://x.example/${HUGE}`],
    ["media_type", "gif"],
    ["media_url", JS_URL],
    ["media_url", 7],
  ];
  it.each(bad)("POST /api/products refuses %s = %j", async (field, value) => {
    const res = await call(stack(), "POST", "/api/products", {
      cookie: people.creator!.cookie,
      body: { ...productBody("Another"), media_type: field === "media_url" ? "image" : "none", [field]: value },
    });
    expectClientError(res, `product ${field}`);
    expect(res.status).toBe(400);
  });
});
