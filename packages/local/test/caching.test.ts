import { beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { routes, routeKey, handlerModule, type RouteDef } from "@payloft/functions/routes";
import { call, useStack } from "../src/testing/index";
import { signIn } from "../src/testing/auth";

/**
 * What CloudFront may keep (its cache key has no cookies): per row of the route table, an
 * answer is shared only when the row declares `cache` and it is a 200 for everyone; answers
 * that depend on the caller, errors and anything setting cookies are no-store.
 */
const stack = useStack();
const root = join(__dirname, "../../..");
let cookie = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  cookie = await signIn(stack(), { email: "admin@demo.local", name: "Ada" });
  const product = await call(stack(), "POST", "/api/products", {
    cookie,
    body: {
      name: "Cached",
      price: "4",
      content_url: "https://e.example.com/c",
      media_type: "embed",
      media_url: "<p>x</p>",
    },
  });
  expect(product.status).toBe(201);
  ids.productId = product.json.id;
  ids.creatorId = (await call(stack(), "GET", "/api/profile", { cookie })).json.id;
  const store = await call(stack(), "PUT", "/api/store", { cookie, body: { handle: "cached-store" } });
  expect(store.status, store.text).toBe(200);
  ids.handle = "cached-store";
});

const path = (r: RouteDef) => r.path.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? "x1");
const gets = routes.filter((r) => r.method === "GET");

describe("which rows may be cached", () => {
  it("only anonymous GET rows, whose handler never looks at the caller", () => {
    for (const r of routes.filter((x) => x.cache)) {
      expect(`${r.method} ${r.access}`, routeKey(r)).toBe("GET anonymous");
      const src = readFileSync(join(root, `${handlerModule(r)}.ts`), "utf8");
      expect(src, routeKey(r)).not.toMatch(/req\.(actor|cookies|headers)|sessionUser/);
      expect(r.cache!.maxAgeSeconds, routeKey(r)).toBeLessThanOrEqual(300);
    }
    expect(routes.filter((r) => r.cache).map((r) => r.handler)).toContain("public-product");
  });
});

describe("Cache-Control per GET row", () => {
  it.each(gets.map((r) => [routeKey(r), r] as const))("%s", async (_key, r) => {
    for (const who of ["anonymous", "signed in"] as const) {
      const res = await call(stack(), "GET", path(r), { cookie: who === "signed in" ? cookie : undefined });
      const header = res.headers.get("cache-control");
      const shared = r.cache && res.status === 200 && !res.headers.get("set-cookie");
      if (shared) expect(header, `${who}: ${res.status}`).toBe(`public, max-age=0, s-maxage=${r.cache!.maxAgeSeconds}`);
      else expect(header, `${who}: ${res.status}`).toBe("private, no-store");
      if (r.cache && who === "anonymous") expect(res.status, "a cache row answers 200 here").toBe(200);
    }
  });

  it("errors of a cacheable row are no-store (a 404 is not shared)", async () => {
    const res = await call(stack(), "GET", "/api/public/products/no-such-product");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("an answer that refreshes the caller's session (Set-Cookie) is never shared", async () => {
    const refreshOnly = cookie
      .split("; ")
      .filter((c) => c.startsWith("payloft_refresh="))
      .join("; ");
    const res = await call(stack(), "GET", `/api/public/products/${ids.productId}`, { cookie: refreshOnly });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/payloft_access=/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("CloudFront", () => {
  it("keeps nothing by default and never keeps an error", () => {
    const router = readFileSync(join(root, "infra/router.ts"), "utf8");
    expect(router).toMatch(/args\.defaultTtl = 0/);
    expect(router).toMatch(/args\.minTtl = 0/);
    expect(router).toMatch(/errorCachingMinTtl: 0/);
    for (const code of [500, 502, 503, 504, 404])
      expect(router).toMatch(new RegExp(`UNCACHED_ERRORS = \\[[^\\]]*\\b${code}\\b`));
  });
});
