import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server, type Socket } from "node:net";
import { call, useStack } from "@payloft/local/testing/index";
import { signInWithRole } from "./actors";

/**
 * A payment provider that accepts connections and never answers (a hung Stripe): the buyer
 * gets a clear error in bounded time, never a request held until the Lambda dies.
 * (The frozen database is packages/local/test/frozen-db.test.ts.)
 */
const stack = useStack();
let blackHole: Server;
const sockets = new Set<Socket>();
let blackHoleUrl: string;
let productId: string;

beforeAll(async () => {
  blackHole = createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => blackHole.listen(0, "127.0.0.1", r));
  blackHoleUrl = `http://127.0.0.1:${(blackHole.address() as { port: number }).port}`;

  const seller = await signInWithRole(stack(), "sid@example.com", "creator");
  const saved = await call(stack(), "POST", "/api/payment-integration", {
    cookie: seller.cookie,
    body: { provider: "stripe", stripe_publishable_key: "pk_test_sid", stripe_secret_key: "sk_test_sid_hang" },
  });
  expect(saved.status).toBe(200);
  const created = await call(stack(), "POST", "/api/products", {
    cookie: seller.cookie,
    body: { name: "Hang Guide", price: "9.00", content_url: "https://files.example.com/hang.pdf" },
  });
  productId = created.json.id;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => blackHole?.close(r));
});

describe("a hung payment provider", () => {
  it("checkout answers a clear 502 within 10 s instead of hanging", async () => {
    const real = process.env.STRIPE_API_URL;
    process.env.STRIPE_API_URL = blackHoleUrl;
    try {
      const started = Date.now();
      const res = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId } });
      const took = Date.now() - started;
      expect(res.status).toBe(502);
      expect(res.json).toMatchObject({ error: "Failed to create checkout session", code: "checkout.provider_failed" });
      // 4 s per attempt, one retry (core/faults.ts STRIPE_TIMEOUTS), plus Stripe's retry pause.
      expect(took).toBeLessThan(10_000);
      expect(took).toBeGreaterThanOrEqual(4_000);
    } finally {
      process.env.STRIPE_API_URL = real;
    }
    // The provider is back: the next checkout works.
    const ok = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId } });
    expect(ok.status).toBe(200);
  }, 40_000);
});

describe("a hung SES", () => {
  it("sending gives up within the SES bound with an error the wrapper answers as 503", async () => {
    // A fresh module graph so the real SES transport (not the local outbox) sends.
    const { vi } = await import("vitest");
    vi.resetModules();
    process.env.AWS_ENDPOINT_URL_SESV2 = blackHoleUrl;
    process.env.AWS_ACCESS_KEY_ID ??= "test";
    process.env.AWS_SECRET_ACCESS_KEY ??= "test";
    const { Email } = await import("@payloft/core/email/index");
    const { isDependencyFault } = await import("@payloft/core/faults");
    const started = Date.now();
    const err = await Email.send({ to: "x@example.com", subject: "s", text: "t" }).catch((e: unknown) => e);
    const took = Date.now() - started;
    expect(err).toBeInstanceOf(Error);
    expect(isDependencyFault(err)).toBe(true);
    // 5 s per attempt, 2 attempts (core/faults.ts SES_TIMEOUTS).
    expect(took).toBeLessThan(12_500);
  }, 40_000);
});
