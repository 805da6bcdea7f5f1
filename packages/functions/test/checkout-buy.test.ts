import { beforeAll, describe, expect, it } from "vitest";
import { holdClockInFreshWindow } from "@payloft/local/testing/clock";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn, viewerHeaders } from "@payloft/local/testing/auth";

/**
 * POST /api/checkout/buy: the sales page's Buy form, which works before JavaScript runs. A form
 * post (application/x-www-form-urlencoded) answered 303 See Other to the provider's checkout, with
 * create-session's rules (the server's price, the seller's provider, codes, pay what you want),
 * its Origin check and its per-address count, which the two routes share.
 */
const stack = useStack();
const SECRET = "sk_test_buy_form_seller";

let productId = "";
let pwywId = "";
let clubId = "";

const form = (fields: Record<string, string>, address: string, headers: Record<string, string> = {}) =>
  call(stack(), "POST", "/api/checkout/buy", {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...viewerHeaders(address), ...headers },
  });

beforeAll(async () => {
  const cookie = await signIn(stack(), { email: "fern@example.com", name: "Fern Form" });
  const role = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "creator" } });
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: role.json.id }).set({ plan: "pro" }).go();
  const made = async (extra: Record<string, unknown>) => {
    const res = await call(stack(), "POST", "/api/products", {
      cookie,
      body: {
        name: "Form Guide",
        description: "d",
        price: "12.34",
        content_url: "https://f.example.com/a.pdf",
        ...extra,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  productId = await made({});
  pwywId = await made({ price: "5", pay_what_you_want: true });
  clubId = await made({
    billing: "recurring",
    tiers: [
      {
        id: "club",
        name: "Club",
        prices: [
          { interval: "month", amount: "6" },
          { interval: "year", amount: "60" },
        ],
      },
    ],
  });
  const saved = await call(stack(), "POST", "/api/payment-integration", {
    cookie,
    body: {
      provider: "stripe",
      is_live: false,
      is_active: true,
      stripe_publishable_key: "pk_test_x",
      stripe_secret_key: SECRET,
    },
  });
  expect(saved.status, saved.text).toBe(200);
});

describe("POST /api/checkout/buy (the Buy form)", () => {
  it("answers 303 See Other to the provider's checkout, at the server's price", async () => {
    const res = await form({ product_id: productId, amount: "1" }, "10.9.0.1");
    expect(res.status, res.text).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/\/pay\/cs_test_/);
    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const session = await stripeClient(SECRET).checkout.sessions.retrieve(location.split("/pay/")[1]!);
    expect(session.amount_total).toBe(1234);
  });

  it("takes a pay-what-you-want amount in minor units, and refuses one under the minimum or not a number", async () => {
    const ok = await form({ product_id: pwywId, amount: "800" }, "10.9.0.2");
    expect(ok.status, ok.text).toBe(303);
    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const session = await stripeClient(SECRET).checkout.sessions.retrieve(
      ok.headers.get("location")!.split("/pay/")[1]!,
    );
    expect(session.amount_total).toBe(800);
    expect((await form({ product_id: pwywId, amount: "100" }, "10.9.0.2")).status).toBe(400);
    expect((await form({ product_id: pwywId, amount: "8.00" }, "10.9.0.2")).status).toBe(400);
  });

  it("subscribes to a membership with the tier and billing period the tier picker posts", async () => {
    const res = await form({ product_id: clubId, tier: "club", interval: "year" }, "10.9.0.4");
    expect(res.status, res.text).toBe(303);
    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const session = await stripeClient(SECRET).checkout.sessions.retrieve(
      res.headers.get("location")!.split("/pay/")[1]!,
    );
    expect(session).toMatchObject({ mode: "subscription", amount_total: 6000 });
    const none = await form({ product_id: clubId }, "10.9.0.4");
    expect(none.status).toBe(400);
    expect(none.text).toMatch(/Please choose a membership tier: club\./);
  });

  it("has create-session's answers for a missing or unknown product", async () => {
    const missing = await form({}, "10.9.0.3");
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("Please choose a product to buy.");
    const unknown = await form({ product_id: "nope" }, "10.9.0.3");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe("Product not found");
  });

  it("shows a browser's refused form a page with the sentence and the way back, not JSON", async () => {
    const browser = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
    const json = await form({ product_id: pwywId, amount: "100" }, "10.9.0.6");
    expect(json.status).toBe(400);
    const page = await form({ product_id: pwywId, amount: "100" }, "10.9.0.6", browser);
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    const sentence = /<\/h1>\s*<p>([^<]+)<\/p>/.exec(page.text)?.[1];
    expect(sentence?.replace(/&#39;/g, "'")).toBe(json.json.error);
    expect(page.text).toContain(`<a href="/product/${pwywId}">Back to the product</a>`);
    // An id that is no id is not echoed into the page: the way back is the home page.
    const odd = await form({ product_id: '"><script>x</script>' }, "10.9.0.6", browser);
    expect(odd.status).toBe(404);
    expect(odd.text).not.toContain("<script>");
    expect(odd.text).toContain('<a href="/">Go to Payloft</a>');
  });

  it("refuses a form posted from another site (the Origin check)", async () => {
    const res = await form({ product_id: productId }, "10.9.0.4", { origin: "https://evil.example.com" });
    expect(res.status).toBe(403);
    expect(res.headers.get("location")).toBeNull();
  });

  describe("the per-address limit", () => {
    // 21 requests must meet one minute's window, wherever in a minute the test starts.
    holdClockInFreshWindow();
    it("counts against the same per-address limit as create-session", async () => {
      const address = "10.9.0.5";
      for (let i = 0; i < 20; i++) {
        const res = await call(stack(), "POST", "/api/checkout/create-session", {
          body: { productId: "nope" },
          headers: viewerHeaders(address),
        });
        expect(res.status).toBe(404);
      }
      const res = await form({ product_id: productId }, address);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
      // Refused before the form was read: the browser still gets a page, with the way back.
      const page = await form({ product_id: productId }, address, { accept: "text/html" });
      expect(page.status).toBe(429);
      expect(page.headers.get("retry-after")).toBeTruthy();
      expect(page.text).toContain(`<a href="/product/${productId}">Back to the product</a>`);
    });
  });
});
