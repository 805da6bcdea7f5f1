import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";
import { settle } from "@payloft/local/stripe-sandbox/testing";
import { signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * POST /api/checkout/claim (rule: Free claims): a free product, or a code that takes everything
 * off, is claimed with an e-mail address and delivered like a paid purchase, through the same
 * fulfilment, by a seller with no Payment Setup at all.
 */
const stack = useStack();
let seller: Person;
let n = 0;
/** Each claim from its own address unless a test says otherwise, so the per-address limit stays out of the way. */
const claim = (body: unknown, address = `198.51.100.${++n % 250}`) =>
  call(stack(), "POST", "/api/checkout/claim", { body, headers: { [VIEWER_ADDRESS_HEADER]: address } });
const mailTo = (to: string) => stack().outbox.messages.filter((m) => m.to === to);

async function product(extra: Record<string, unknown> = {}) {
  const res = await call(stack(), "POST", "/api/products", {
    cookie: seller.cookie,
    body: { name: "Free Kit", price: "0", content_url: "https://files.example.com/free-kit.zip", ...extra },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.id as string;
}

beforeAll(async () => {
  seller = await signInWithRole(stack(), "fay@example.com", "creator", "Fay Free");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: seller.id }).set({ plan: "business" }).go();
});

describe("POST /api/checkout/claim", () => {
  it("delivers a free product like a purchase, from a seller without Payment Setup", async () => {
    const id = await product({ license_keys: true, currency: "eur" });
    expect((await call(stack(), "GET", `/api/public/payment-info/${id}`)).json).toEqual({ provider: null });
    const res = await claim({ productId: id, email: "  Gil@Example.com " });
    expect(res.status, res.text).toBe(200);
    const purchase = res.json.purchase;
    expect(purchase).toMatchObject({
      id: expect.stringMatching(/^claim_/),
      access_url: expect.stringMatching(new RegExp(`^${stack().url}/a/`)),
      license_key: expect.any(String),
      amount: 0,
      total: 0,
      currency: "eur",
      customer_email: "gil@example.com",
      status: "completed",
    });
    expect(res.json.product).toEqual({ name: "Free Kit", description: "" });
    expect(res.text).not.toContain("files.example.com"); // rule: Access links
    // The success page answers the same purchase.
    const success = await call(stack(), "GET", `/api/checkout/success?session_id=${purchase.id}`);
    expect(success.json.purchase).toEqual(purchase);
    await settle(stack());
    // One receipt, carrying the access link and the key.
    const receipts = mailTo("gil@example.com");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(purchase.access_url);
    expect(receipts[0]!.text).toContain(purchase.license_key);
    // The buyer's portal.
    const gil = await signInWithRole(stack(), "gil@example.com", "customer");
    const portal = await call(stack(), "GET", "/api/customer/purchases", { cookie: gil.cookie });
    expect(portal.json.purchases).toEqual([
      expect.objectContaining({ id: purchase.id, amount: 0, currency: "eur", access_url: purchase.access_url }),
    ]);
    // A sale of 0 in the seller's figures.
    const sales = await call(stack(), "GET", "/api/sales-history", { cookie: seller.cookie });
    expect(sales.json.sales[0]).toMatchObject({ id: purchase.id, amount: 0, currency: "eur", status: "completed" });
    const products = await call(stack(), "GET", "/api/products", { cookie: seller.cookie });
    expect(products.json.find((p: { id: string }) => p.id === id)).toMatchObject({ sales_count: 1, total_revenue: 0 });
  });

  it("answers a browser's own form (the claim form without JavaScript) with the purchase as a page", async () => {
    const id = await product({ license_keys: true });
    const res = await call(stack(), "POST", "/api/checkout/claim", {
      rawBody: new URLSearchParams({ productId: id, email: "nojs@example.com", discount_code: "" }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html,*/*;q=0.8",
        [VIEWER_ADDRESS_HEADER]: "198.51.100.251",
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.text).toContain("It&#39;s yours!");
    expect(res.text).toContain("nojs@example.com");
    expect(res.text).toMatch(/Your licence key: [\w-]+/);
    expect(res.text).toMatch(new RegExp(`<a href="${stack().url}/a/[^"]+">Open it now</a>`));
    expect(res.text).not.toContain("files.example.com"); // rule: Access links
    // Refused (no e-mail address): the sentence as a page, the way back to the product.
    const refused = await call(stack(), "POST", "/api/checkout/claim", {
      rawBody: new URLSearchParams({ productId: id, email: "" }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        [VIEWER_ADDRESS_HEADER]: "198.51.100.252",
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Please enter a valid e-mail address");
    expect(refused.text).toContain(`<a href="/product/${id}">`);
  });

  it("sends one e-mail per address and product a day: a repeat answers the earlier claim", async () => {
    const id = await product();
    const first = await claim({ productId: id, email: "hal@example.com" });
    const again = await Promise.all([1, 2, 3].map(() => claim({ productId: id, email: "HAL@example.com" })));
    expect(first.status).toBe(200);
    for (const r of again) expect(r.json.purchase.id).toBe(first.json.purchase.id);
    // Another address gets its own claim.
    const other = await claim({ productId: id, email: "ivy@example.com" });
    expect(other.json.purchase.id).not.toBe(first.json.purchase.id);
    await settle(stack());
    expect(mailTo("hal@example.com")).toHaveLength(1);
    expect(mailTo("ivy@example.com")).toHaveLength(1);
    const products = await call(stack(), "GET", "/api/products", { cookie: seller.cookie });
    expect(products.json.find((p: { id: string }) => p.id === id).sales_count).toBe(2);
    // A day later the address may claim again (and gets its e-mail).
    const { EmailNoticeEntity } = await import("@payloft/core/db/entities");
    await EmailNoticeEntity.patch({ kind: "claim", key: `${id}#hal@example.com` })
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .go();
    const nextDay = await claim({ productId: id, email: "hal@example.com" });
    expect(nextDay.json.purchase.id).not.toBe(first.json.purchase.id);
    await settle(stack());
    expect(mailTo("hal@example.com")).toHaveLength(2);
  });

  it("takes pay-what-you-want with a minimum of 0, not with a minimum above it", async () => {
    const open = await product({ pay_what_you_want: true, suggested_price: 500 });
    expect((await claim({ productId: open, email: "jo@example.com" })).status).toBe(200);
    const min = await product({ price: "3", pay_what_you_want: true });
    const res = await claim({ productId: min, email: "jo@example.com" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: "This product isn't free. Use the Buy button to pay for it.",
      code: "claim.not_free",
    });
  });

  it("refuses a paid product, unless a code takes everything off (one use taken)", async () => {
    const paid = await product({ price: "9.99" });
    const refused = await claim({ productId: paid, email: "kim@example.com" });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("This product isn't free. Use the Buy button to pay for it.");
    for (const body of [
      { code: "GIFT", percent_off: 100, max_redemptions: 1 },
      { code: "HALF", percent_off: 50 },
    ]) {
      const made = await call(stack(), "POST", "/api/discounts", { cookie: seller.cookie, body });
      expect(made.status, made.text).toBe(201);
    }
    const half = await claim({ productId: paid, email: "kim@example.com", discount_code: "half" });
    expect(half.status).toBe(400);
    expect(half.json.error).toBe("The code HALF doesn't make this product free. Use the Buy button to pay for it.");
    const gift = await claim({ productId: paid, email: "kim@example.com", discount_code: "gift" });
    expect(gift.status, gift.text).toBe(200);
    expect(gift.json.purchase).toMatchObject({ amount: 0, currency: "usd" });
    // The same address again that day: the same claim, the code not used twice.
    const repeat = await claim({ productId: paid, email: "kim@example.com", discount_code: "gift" });
    expect(repeat.json.purchase.id).toBe(gift.json.purchase.id);
    const codes = await call(stack(), "GET", "/api/discounts", { cookie: seller.cookie });
    expect(codes.json.discounts.find((d: { code: string }) => d.code === "GIFT")).toMatchObject({
      redemptions: 1,
      status: "used_up",
    });
    const usedUp = await claim({ productId: paid, email: "lee@example.com", discount_code: "GIFT" });
    expect(usedUp.status).toBe(400);
    expect(usedUp.json.error).toBe("The code GIFT has been used up.");
    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    const record = (await CheckoutEntity.get({ session_id: gift.json.purchase.id }).go()).data;
    expect(record).toMatchObject({ provider: "free", amount: 0, list_price: 999, discount_code: "GIFT" });
  });

  it("refuses products that cannot be bought: inactive, pending, rejected, missing", async () => {
    const { ProductEntity } = await import("@payloft/core/db/entities");
    const unavailable = "This product is currently unavailable for purchase.";
    const off = await product();
    await call(stack(), "PUT", `/api/products/${off}`, { cookie: seller.cookie, body: { is_active: false } });
    for (const status of ["pending", "rejected"] as const) {
      const id = await product();
      await ProductEntity.patch({ id }).set({ moderation_status: status }).go();
      const res = await claim({ productId: id, email: "max@example.com" });
      expect(res.status, status).toBe(400);
      expect(res.json.error).toBe(unavailable);
    }
    const inactive = await claim({ productId: off, email: "max@example.com" });
    expect([inactive.status, inactive.json.error]).toEqual([400, unavailable]);
    const missing = await claim({ productId: "nope", email: "max@example.com" });
    expect([missing.status, missing.json.error]).toEqual([404, "Product not found"]);
    expect(mailTo("max@example.com")).toHaveLength(0);
  });

  it("answers a clear 400 for bad input", async () => {
    const id = await product();
    const cases: [unknown, string][] = [
      [{ email: "ned@example.com" }, "Please choose a product to claim."],
      [{ productId: id }, "Please enter a valid e-mail address, e.g. you@example.com."],
      [{ productId: id, email: "not-an-address" }, "Please enter a valid e-mail address, e.g. you@example.com."],
      [
        { productId: id, email: `${"a".repeat(250)}@example.com` },
        "Please enter a valid e-mail address, e.g. you@example.com.",
      ],
      [{ productId: id, email: "ned@example.com", discount_code: 5 }, "discount_code must be text."],
    ];
    for (const [body, error] of cases) {
      const res = await claim(body);
      expect([res.status, res.json.error], JSON.stringify(body)).toEqual([400, error]);
    }
    const broken = await call(stack(), "POST", "/api/checkout/claim", {
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
  });

  it("is open to everyone: anonymous, creators, admins and customers claim alike", async () => {
    const id = await product();
    const admin = await signInAdmin(stack());
    const cara = await signInWithRole(stack(), "cara@example.com", "customer");
    for (const who of [seller, admin, cara]) {
      const res = await call(stack(), "POST", "/api/checkout/claim", {
        cookie: who.cookie,
        body: { productId: id, email: `for-${who.email}` },
      });
      expect(res.status, who.email).toBe(200);
      expect(res.json.purchase.customer_email).toBe(`for-${who.email}`);
    }
  });

  it("a free claim has no payment to refund", async () => {
    const id = await product();
    const res = await claim({ productId: id, email: "ora@example.com" });
    const refund = await call(stack(), "POST", `/api/sales/${res.json.purchase.id}/refund`, { cookie: seller.cookie });
    expect(refund.status).toBe(409);
    expect(refund.json.error).toBe("This was a free claim: there is no payment to refund.");
  });

  it("is limited per address (10 a minute) and per product (30 a minute)", async () => {
    const { Claim } = await import("@payloft/core/checkout/claim");
    const id = await product();
    const address = "203.0.113.50";
    // The counts of this window and the next are set, so the test does not depend on where in
    // a window it runs: the last allowed claim passes, the one after it is refused.
    await counts("POST /api/checkout/claim", address, 60, 9);
    expect((await claim({ productId: id, email: "p1@example.com" }, address)).status).toBe(200);
    await counts("POST /api/checkout/claim", address, 60, 10);
    const tooMany = await claim({ productId: id, email: "p2@example.com" }, address);
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get("retry-after")).toMatch(/^\d+$/);
    // Per product, whatever the address.
    const { bucket, limit, windowSeconds } = Claim.PER_PRODUCT;
    await counts(bucket, id, windowSeconds, limit - 1);
    expect((await claim({ productId: id, email: "p3@example.com" })).status).toBe(200);
    await counts(bucket, id, windowSeconds, limit);
    const flooded = await claim({ productId: id, email: "p4@example.com" });
    expect(flooded.status).toBe(429);
    // Another product is not affected.
    expect((await claim({ productId: await product(), email: "p4@example.com" })).status).toBe(200);
    await settle(stack());
    expect(mailTo("p2@example.com")).toHaveLength(0);
    expect(mailTo("p4@example.com")).toHaveLength(1);
  });
});

/** Sets the rate limiter's count of `key` in `bucket` for the current window and the next. */
async function counts(bucket: string, key: string, windowSeconds: number, count: number) {
  const { RateLimitEntity } = await import("@payloft/core/db/entities");
  const now = Math.floor(Date.now() / 1000);
  const window = now - (now % windowSeconds);
  for (const w of [window, window + windowSeconds])
    await RateLimitEntity.put({ bucket, key, window: w, count, expires_at: w + windowSeconds + 60 }).go();
}
