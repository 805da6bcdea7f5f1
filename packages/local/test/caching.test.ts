import { beforeAll, describe, expect, it } from "vitest";
import { routes, routeKey, type RouteDef } from "@payloft/functions/routes";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "../src/testing/index";
import { signIn } from "../src/testing/auth";

/**
 * What CloudFront may keep (its cache key has no cookies): per row of the route table, an
 * answer is shared only when the row declares `cache` and it is a 200 for everyone; answers
 * that depend on the caller, errors and anything setting cookies are no-store. That CloudFront
 * itself keeps nothing else (TTLs, errors) is checked on the deploy program in infra.test.ts.
 */
const stack = useStack();
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
  it("only anonymous GET rows, whose answer is the same whoever asks", async () => {
    const cached = routes.filter((x) => x.cache);
    expect(cached.map((r) => r.handler)).toContain("public-product");
    for (const r of cached) {
      expect(`${r.method} ${r.access}`, routeKey(r)).toBe("GET anonymous");
      expect(r.cache!.maxAgeSeconds, routeKey(r)).toBeLessThanOrEqual(300);
      // Shared by CloudFront across everyone: a signed-in person (the seller, an admin), from
      // another address, must get exactly what an anonymous visitor gets.
      const anonymous = await call(stack(), "GET", path(r));
      const signedIn = await call(stack(), "GET", path(r), {
        cookie,
        headers: { [VIEWER_ADDRESS_HEADER]: "192.0.2.44" },
      });
      expect(anonymous.status, routeKey(r)).toBe(200);
      expect({ status: signedIn.status, body: signedIn.text }, routeKey(r)).toEqual({
        status: anonymous.status,
        body: anonymous.text,
      });
    }
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

describe("the viral sales page", () => {
  it("a price change is in the very next answer from the origin, so CloudFront shows it within the row's max-age", async () => {
    const url = `/api/public/products/${ids.productId}`;
    const before = await call(stack(), "GET", url);
    const maxAge = routes.find((r) => r.handler === "public-product")!.cache!.maxAgeSeconds;
    expect(before.headers.get("cache-control")).toBe(`public, max-age=0, s-maxage=${maxAge}`);
    expect(maxAge, "a few seconds, not minutes").toBeLessThanOrEqual(30);
    const edited = await call(stack(), "PUT", `/api/products/${ids.productId}`, { cookie, body: { price: "7" } });
    expect(edited.status, edited.text).toBe(200);
    // Nothing between CloudFront and the product item keeps the price: an edge that asks again
    // after s-maxage gets the new one.
    const after = await call(stack(), "GET", url);
    expect(after.json.price).toBe(700);
    expect(after.json.price).not.toBe(before.json.price);
  });
});
