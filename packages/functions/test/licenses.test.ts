import { beforeAll, describe, expect, it } from "vitest";
import { holdClockInFreshWindow } from "@payloft/local/testing/clock";
import { call, useStack } from "@payloft/local/testing/index";
import { openSession, payOnHostedPage, refundInDashboard, settle } from "@payloft/local/stripe-sandbox/testing";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { productBody, signInWithRole, type Person } from "./actors";

/**
 * Licence keys: a product sold with `license_keys: true` gives each purchase its own key, on
 * the success answer, the receipt and the portal; creators' software checks it through
 * POST /api/licenses/verify, which knows refunds (made in the sandbox's dashboard) and keys
 * the creator disabled, tells a guesser nothing, and stops bursts per address.
 */
const stack = useStack();
const KEY = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;
let kim: Person;
let lou: Person;
let buyer: Person;
let keyed = "";
let plain = "";
let address = 0;
/** Each check from its own address, unless a test is about one address. */
const verify = (body: unknown, from = `198.51.100.${++address % 250}`) =>
  call(stack(), "POST", "/api/licenses/verify", { body, headers: { [VIEWER_ADDRESS_HEADER]: from } });

beforeAll(async () => {
  kim = await signInWithRole(stack(), "kim@example.com", "creator");
  lou = await signInWithRole(stack(), "lou@example.com", "creator");
  buyer = await signInWithRole(stack(), "rita@example.com", "customer");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: kim.id }).set({ plan: "pro" }).go();
  const { Integration } = await import("@payloft/core/integration/index");
  await Integration.save(kim.id, {
    provider: "stripe",
    is_active: true,
    is_live: false,
    stripe_publishable_key: "pk_test_kimLicense0001",
    stripe_secret_key: "sk_test_kimLicense0001",
  });
  const create = (body: Record<string, unknown>) =>
    call(stack(), "POST", "/api/products", { cookie: kim.cookie, body: { ...productBody("Pixel Tool"), ...body } });
  const a = await create({ license_keys: true });
  expect(a.status, a.text).toBe(201);
  expect(a.json.license_keys).toBe(true);
  keyed = a.json.id;
  const b = await create({ name: "Plain Guide" });
  expect(b.json.license_keys).toBe(false);
  plain = b.json.id;
});

async function buy(productId: string, email = "rita@example.com") {
  const session = await openSession(stack(), {
    sellerId: kim.id,
    productId,
    secretKey: "sk_test_kimLicense0001",
    price: 1234,
  });
  await payOnHostedPage(session.url!, email);
  await settle(stack());
  const success = await call(stack(), "GET", `/api/checkout/success?session_id=${session.id}`);
  expect(success.status, success.text).toBe(200);
  return { session, key: success.json.purchase.license_key as string | null };
}

describe("a product sold with licence keys", () => {
  it("gives each purchase its own readable key: success answer, receipt and portal", async () => {
    const first = await buy(keyed);
    const second = await buy(keyed);
    expect(first.key).toMatch(KEY);
    expect(second.key).toMatch(KEY);
    expect(second.key).not.toBe(first.key);
    const receipt = stack().outbox.messages.find((m) => m.text.includes(first.session.id))!;
    expect(receipt.text).toContain(`Your licence key: ${first.key}`);
    expect(receipt.html).toContain(first.key);
    const portal = await call(stack(), "GET", "/api/customer/purchases", { cookie: buyer.cookie });
    const mine = portal.json.purchases.find((p: { id: string }) => p.id === first.session.id);
    expect(mine.license_key).toBe(first.key);
    // A product without the option gives no key.
    expect((await buy(plain)).key).toBeNull();
  });

  it("verifies a live key: uses counted unless told not to, e-mail masked, typed loosely", async () => {
    const { key } = await buy(keyed);
    const one = await verify({ product_id: keyed, license_key: key });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ valid: true, uses: 1, purchase: { email: "r***@example.com" } });
    expect(one.json.purchase.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(one.text).not.toContain("rita@");
    const loose = key!.toLowerCase().replace(/-/g, " ");
    expect((await verify({ product_id: keyed, license_key: loose })).json).toMatchObject({ valid: true, uses: 2 });
    const peek = await verify({ product_id: keyed, license_key: key, increment_uses_count: false });
    expect(peek.json).toMatchObject({ valid: true, uses: 2 });
  });

  it("answers 404 {valid: false} for an unknown key or another product's key, 400 for a malformed request", async () => {
    const { key } = await buy(keyed);
    for (const body of [
      { product_id: plain, license_key: key },
      { product_id: keyed, license_key: "AAAAA-BBBBB-CCCCC-DDDDD" },
      { product_id: keyed, license_key: "not a key" },
    ]) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.json).toEqual({ valid: false });
    }
    const bad = await verify({ license_key: key });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("product_id is required.");
  });

  it("lets the creator disable a key from the sale (and enable it again); nobody else", async () => {
    const { session, key } = await buy(keyed);
    const path = `/api/sales/${session.id}/license-key`;
    expect((await call(stack(), "PUT", path, { cookie: lou.cookie, body: { disabled: true } })).status).toBe(404);
    const off = await call(stack(), "PUT", path, { cookie: kim.cookie, body: { disabled: true } });
    expect(off.status, off.text).toBe(200);
    expect((await verify({ product_id: keyed, license_key: key })).json).toEqual({ valid: false, reason: "disabled" });
    const sales = await call(stack(), "GET", "/api/sales-history", { cookie: kim.cookie });
    const sale = sales.json.sales.find((x: { id: string }) => x.id === session.id);
    expect(sale).toMatchObject({ license_key: key, license_disabled: true });
    await call(stack(), "PUT", path, { cookie: kim.cookie, body: { disabled: false } });
    expect((await verify({ product_id: keyed, license_key: key })).json.valid).toBe(true);
  });

  it("answers valid: false after a refund in the sandbox's dashboard", async () => {
    const { session, key } = await buy(keyed);
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    const pi = (await PurchaseEntity.get({ id: session.id }).go()).data!.payment_intent!;
    await refundInDashboard(stack(), pi);
    await settle(stack());
    const res = await verify({ product_id: keyed, license_key: key });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ valid: false, reason: "refunded" });
  });

  describe("guessing", () => {
    // 150 guesses must meet one minute's window, wherever in a minute the test starts.
    holdClockInFreshWindow();
    it("stops 150 rapid guesses from one address with 429 and Retry-After; other addresses go on", async () => {
      const guesses = Array.from({ length: 150 }, (_, i) => ({
        product_id: keyed,
        license_key: `AAAAA-BBBBB-CCCCC-${String(i).padStart(5, "0")}`,
      }));
      const statuses: number[] = [];
      let retryAfter = 0;
      for (const g of guesses) {
        const res = await verify(g, "203.0.113.77");
        statuses.push(res.status);
        if (res.status === 429) retryAfter = Number(res.headers.get("retry-after"));
      }
      // 60 a minute: the first 60 are answered (no such key), the other 90 refused.
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
      expect(retryAfter).toBe(59); // the clock is held one second into the minute
      expect((await verify(guesses[0], "203.0.113.78")).status).toBe(404);
    });
  });
});
