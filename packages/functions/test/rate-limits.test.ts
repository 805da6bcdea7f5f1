import { describe, expect, it } from "vitest";
import { holdClockInFreshWindow } from "@payloft/local/testing/clock";
import { routes, routeKey } from "@payloft/functions/routes";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";

/**
 * One rate-limit primitive (core/rate-limit), declared per row of the route table and
 * enforced by the wrapper: 429 with Retry-After beyond the limit, per address, counters in
 * DynamoDB with a TTL. The same code runs offline and in AWS. API Gateway's stage-wide throttle,
 * in front of all of this, is checked on the deploy program in packages/local/test/infra.test.ts.
 */
const stack = useStack();
const from = (address: string) => ({ [VIEWER_ADDRESS_HEADER]: address });

describe("RateLimit.hit", () => {
  it("counts per bucket and key in a fixed window, refuses beyond the limit, and expires by TTL", async () => {
    const { RateLimit } = await import("@payloft/core/rate-limit/index");
    const { RateLimitedError } = await import("@payloft/core/errors");
    const { RateLimitEntity } = await import("@payloft/core/db/entities");
    const now = Date.UTC(2026, 0, 1, 12, 0, 10); // 10 s into a 60 s window
    for (let i = 1; i <= 3; i++) expect((await RateLimit.hit("test", "1.2.3.4", 3, 60, now)).remaining).toBe(3 - i);
    const refused = await RateLimit.hit("test", "1.2.3.4", 3, 60, now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as InstanceType<typeof RateLimitedError>).retryAfter).toBe(50);
    // Another key, another bucket and the next window each start afresh.
    expect((await RateLimit.hit("test", "5.6.7.8", 3, 60, now)).count).toBe(1);
    expect((await RateLimit.hit("other", "1.2.3.4", 3, 60, now)).count).toBe(1);
    expect((await RateLimit.hit("test", "1.2.3.4", 3, 60, now + 60_000)).count).toBe(1);
    const stored = await RateLimitEntity.get({ bucket: "test", key: "1.2.3.4", window: now / 1000 - 10 }).go();
    expect(stored.data).toMatchObject({ count: 4, expires_at: now / 1000 - 10 + 60 + 60 });
  });
});

describe("the route table's limits", () => {
  // The limits count in fixed windows (a minute, ten minutes), so a run of requests that
  // straddles a window's end starts a fresh count half-way and is never refused: on a loaded
  // machine 21 requests can take seconds. The clock is held one second into a fresh hour, which
  // starts a window of every length the table uses, for as long as each test runs.
  holdClockInFreshWindow(3600);

  it("sign-in, checkout creation and every public POST are limited per address", () => {
    const limited = routes.filter((r) => r.rateLimit).map(routeKey);
    for (const r of routes.filter((x) => x.access === "anonymous" && x.method !== "GET" && !x.system))
      expect(limited, routeKey(r)).toContain(routeKey(r));
    for (const key of [
      "GET /api/oauth/google/redirect_url",
      "POST /api/sessions",
      "POST /api/checkout/create-session",
      "POST /api/platform/create-checkout-session",
      "POST /api/platform/create-lifetime-checkout",
    ])
      expect(limited).toContain(key);
  });

  it("checkout creation: 20 a minute from one address, then 429 with Retry-After; others unaffected", async () => {
    const body = { productId: "no-such-product" };
    for (let i = 0; i < 20; i++) {
      const res = await call(stack(), "POST", "/api/checkout/create-session", { body, headers: from("203.0.113.9") });
      expect(res.status, `request ${i + 1}`).not.toBe(429);
    }
    const refused = await call(stack(), "POST", "/api/checkout/create-session", { body, headers: from("203.0.113.9") });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json).toEqual({
      error: "Too many requests. Please wait a moment and try again.",
      code: "request.rate_limited",
      retry_after: retryAfter,
    });
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    const other = await call(stack(), "POST", "/api/checkout/create-session", { body, headers: from("203.0.113.10") });
    expect(other.status).toBe(404);
  });

  it("an IPv6 caller counts by its /64: a new interface identifier does not start a new count", async () => {
    const body = { productId: "no-such-product" };
    // Every request from another address of the same /64, as a client rotating its
    // privacy addresses would send them (and one written in full, zeros and all).
    for (let i = 0; i < 20; i++) {
      const address = i === 7 ? "2001:0db8:0042:0007:0000:0000:0000:0001" : `2001:db8:42:7::${(i + 1).toString(16)}`;
      const res = await call(stack(), "POST", "/api/checkout/create-session", { body, headers: from(address) });
      expect(res.status, `request ${i + 1}`).not.toBe(429);
    }
    const rotated = await call(stack(), "POST", "/api/checkout/create-session", {
      body,
      headers: from("2001:db8:42:7:8a2e:370:7334:abcd"),
    });
    expect(rotated.status).toBe(429);
    // The neighbouring /64 is someone else.
    const neighbour = await call(stack(), "POST", "/api/checkout/create-session", {
      body,
      headers: from("2001:db8:42:8::1"),
    });
    expect(neighbour.status).toBe(404);
  });

  it("sign-in: the redirect and the code exchange share one count per address", async () => {
    const address = from("198.51.100.7");
    for (let i = 0; i < 60; i++) {
      const res = await call(stack(), "GET", "/api/oauth/google/redirect_url", { headers: address });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const exchange = await call(stack(), "POST", "/api/sessions", { body: { code: "x" }, headers: address });
    expect(exchange.status).toBe(429);
    expect(exchange.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(
      (await call(stack(), "GET", "/api/oauth/google/redirect_url", { headers: from("198.51.100.8") })).status,
    ).toBe(200);
  });
});
