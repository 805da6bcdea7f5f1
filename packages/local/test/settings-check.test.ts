import { afterEach, describe, expect, it } from "vitest";
import { Resource } from "sst";
import { call, useStack } from "../src/testing/index";
import { allLinkNames, assertLocalSettings } from "../src/settings-check";
import { settingProblems } from "@payloft/core/config/check";

/**
 * The startup check: a setting or secret that is missing or malformed is named with what to
 * run, the local runtime refuses to start, and a Lambda that links it answers a clean 503
 * instead of failing inside a handler. Settings are broken here the way a stage would have
 * them broken: in what `Resource` holds.
 */
const stack = useStack();
const resources = Resource as unknown as Record<string, unknown>;
const saved = new Map<string, unknown>();
const breakSetting = (name: string, value: unknown) => {
  if (!saved.has(name)) saved.set(name, resources[name]);
  Reflect.set(resources, name, value);
};

afterEach(() => {
  for (const [name, value] of saved) Reflect.set(resources, name, value);
  saved.clear();
});

describe("startup check", () => {
  it("the local environment provides everything every Lambda links", () => {
    stack();
    expect(allLinkNames()).toEqual(expect.arrayContaining(["Table", "EncryptionKey", "AuthStorageKey", "Email"]));
    expect(settingProblems(allLinkNames())).toEqual([]);
    expect(() => assertLocalSettings()).not.toThrow();
  });

  it("names each missing or malformed setting with what to set, and refuses to start", () => {
    breakSetting("EncryptionKey", { value: "c2hvcnQ=" }); // 5 bytes, not a 32-byte key
    breakSetting("Email", { sender: "example.com" }); // a bare domain
    breakSetting("StripeWebhookSecret", undefined);
    expect(settingProblems(["EncryptionKey", "Email", "StripeWebhookSecret", "Table"])).toEqual([
      'EncryptionKey is not valid: npx sst secret set EncryptionKey "$(openssl rand -base64 32)" --stage <stage>',
      "Email is not valid: a sender mailbox such as receipts@example.com (PAYLOFT_EMAIL_SENDER or PAYLOFT_DOMAIN at deploy)",
      "StripeWebhookSecret is not linked or not set: npx sst secret set StripeWebhookSecret whsec_... --stage <stage>",
    ]);
    const refusal = () => assertLocalSettings();
    expect(refusal).toThrow(/^Payloft is not configured: /);
    for (const name of ["StripeWebhookSecret is not linked", "EncryptionKey is not valid", "Email is not valid"])
      expect(refusal).toThrow(name);
  });

  it("a bad SITE_URL is named too", () => {
    const site = process.env.SITE_URL;
    process.env.SITE_URL = "shop.example.com";
    try {
      expect(settingProblems([])).toEqual([
        'SITE_URL must be the site\'s address, e.g. https://shop.example.com (got "shop.example.com")',
      ]);
    } finally {
      process.env.SITE_URL = site;
    }
  });

  it("a route whose links are broken answers 503 JSON; routes that do not link it keep working", async () => {
    breakSetting("EncryptionKey", { value: "not-a-key" });
    const broken = await call(stack(), "GET", "/api/payment-integration");
    expect(broken.status).toBe(503);
    expect(broken.json).toEqual({
      error: "Payloft is not set up completely yet. Please try again later.",
      code: "config.invalid",
    });
    expect(broken.text).not.toMatch(/EncryptionKey|stack|at /);
    // No session: the route itself answers (401), the check did not get in the way.
    expect((await call(stack(), "GET", "/api/products")).status).toBe(401);
    expect((await call(stack(), "GET", "/api/health")).status).toBe(200);
  });

  it("the issuer's Lambda answers a plain 503 when its key is missing", async () => {
    breakSetting("AuthStorageKey", undefined);
    const { handler, ISSUER_NOT_CONFIGURED } = await import("@payloft/functions/auth/issuer");
    const event = {
      version: "2.0",
      rawPath: "/.well-known/jwks.json",
      requestContext: { http: { method: "GET", path: "/.well-known/jwks.json" } },
      headers: {},
    };
    const res = await handler(event as never, undefined);
    expect(res).toEqual(ISSUER_NOT_CONFIGURED);
  });

  it("a bus subscriber refuses its events with what to set (Lambda retries, then dead-letters them)", async () => {
    breakSetting("Email", { sender: "example.com" });
    const { handler } = await import("@payloft/functions/events/fulfil-purchase");
    const event = { "detail-type": "purchase.paid", detail: { properties: {}, metadata: {} } };
    await expect(handler(event as never, {} as never, () => undefined)).rejects.toThrow(
      /^Payloft is not configured: Email is not valid: a sender mailbox/,
    );
  });
});
