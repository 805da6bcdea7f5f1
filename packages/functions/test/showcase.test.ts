import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * Honest copy on the public pages (rule: Honest social proof): GET /api/public/stats answers the
 * platform counter's figures (products sold, creators, revenue per currency) rounded down and
 * only past their thresholds, cacheable; the creators figure moves with every change of role;
 * the landing page's testimonial is an admin setting that is null while empty.
 */
const stack = useStack();
let admin: Person;

beforeAll(async () => {
  admin = await signInAdmin(stack());
});

const creators = async () => {
  const { CounterEntity } = await import("@payloft/core/db/entities");
  return (await CounterEntity.get({ scope: "platform" }).go({ consistent: true })).data?.creators ?? 0;
};

describe("GET /api/public/stats", () => {
  it("shows nothing a young platform has not earned, and may be cached", async () => {
    const res = await call(stack(), "GET", "/api/public/stats");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ products_sold: null, creators: null, revenue_by_currency: {} });
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=300");
  });

  it("answers the counter's figures rounded down to two digits, each currency on its own, below-threshold ones left out", async () => {
    const { CounterEntity } = await import("@payloft/core/db/entities");
    const before = (await CounterEntity.get({ scope: "platform" }).go()).data;
    try {
      await CounterEntity.patch({ scope: "platform" })
        .set({
          sales: 12_345,
          creators: 1_234,
          revenue: 234_567_890, // $2,345,678.90
          revenue_eur: 99_999, // €999.99: under €1,000
          revenue_jpy: 1_234_567, // ¥1,234,567
          revenue_gbp: 100_000, // £1,000.00: exactly the threshold
        })
        .go();
      const res = await call(stack(), "GET", "/api/public/stats");
      expect(res.json).toEqual({
        products_sold: 12_000,
        creators: 1_200,
        revenue_by_currency: { usd: 230_000_000, gbp: 100_000, jpy: 1_200_000 },
      });
    } finally {
      await CounterEntity.patch({ scope: "platform" })
        .set({
          sales: before?.sales ?? 0,
          creators: before?.creators ?? 0,
          revenue: before?.revenue ?? 0,
          revenue_eur: 0,
          revenue_jpy: 0,
          revenue_gbp: 0,
        })
        .go();
    }
  });

  it("rounds down, never up", async () => {
    const { Showcase } = await import("@payloft/core/showcase/index");
    expect([0, 7, 99, 100, 109, 999, 1_000, 1_999, 25_555, 2_345_678].map(Showcase.roundDown)).toEqual([
      0, 7, 99, 100, 100, 990, 1_000, 1_900, 25_000, 2_300_000,
    ]);
  });
});

describe("the creators figure follows every change of role", () => {
  it("counts a new seller, a seller who switches to buying, an admin's grant and a deletion", async () => {
    const start = await creators();
    const ann = await signInWithRole(stack(), "ann.showcase@example.com", "creator");
    expect(await creators()).toBe(start + 1);
    // Choosing selling again changes nothing; a buyer is not a creator.
    await call(stack(), "POST", "/api/profile/role", { cookie: ann.cookie, body: { role: "creator" } });
    await signInWithRole(stack(), "cara.showcase@example.com", "customer");
    expect(await creators()).toBe(start + 1);
    const switched = await call(stack(), "POST", "/api/profile/role", {
      cookie: ann.cookie,
      body: { role: "customer", confirm: true },
    });
    expect(switched.status, switched.text).toBe(200);
    expect(await creators()).toBe(start);

    const granted = await call(stack(), "POST", "/api/admin/users/create", {
      cookie: admin.cookie,
      body: { email: "gia.showcase@example.com", plan: "pro" },
    });
    expect(granted.status, granted.text).toBe(201);
    expect(await creators()).toBe(start + 1);
    const removed = await call(stack(), "DELETE", `/api/admin/users/${granted.json.user.id}`, { cookie: admin.cookie });
    expect(removed.status, removed.text).toBe(200);
    expect(await creators()).toBe(start);
  });
});

describe("the testimonial setting", () => {
  const put = (cookie: string | undefined, key: string, value: string) =>
    call(stack(), "PUT", "/api/admin/settings", { cookie, body: { key, value } });
  const testimonial = async () => (await call(stack(), "GET", "/api/public/status")).json.testimonial;

  it("is hidden (null) until an admin writes a quote, and hidden again when it is emptied", async () => {
    expect(await testimonial()).toBeNull();
    expect((await put(admin.cookie, "testimonial_author", "Maya Rodriguez")).status).toBe(200);
    expect(await testimonial()).toBeNull(); // an author without words is nothing to show
    expect((await put(admin.cookie, "testimonial_quote", "  Sold my first template in a day.\n")).status).toBe(200);
    expect((await put(admin.cookie, "testimonial_role", "Designer")).status).toBe(200);
    expect(await testimonial()).toEqual({
      quote: "Sold my first template in a day.",
      author: "Maya Rodriguez",
      role: "Designer",
    });
    expect((await put(admin.cookie, "testimonial_quote", "   ")).status).toBe(200);
    expect(await testimonial()).toBeNull();
  });

  it("only admins may set it, with a sentence for a quote that is too long", async () => {
    const cleo = await signInWithRole(stack(), "cleo.showcase@example.com", "creator");
    expect((await put(undefined, "testimonial_quote", "Fake praise")).status).toBe(401);
    const creator = await put(cleo.cookie, "testimonial_quote", "Fake praise");
    expect(creator.status).toBe(403);
    expect(await testimonial()).toBeNull();
    const long = await put(admin.cookie, "testimonial_quote", "x".repeat(601));
    expect(long.status).toBe(400);
    expect(long.json.error).toBe("testimonial_quote must be at most 600 characters.");
  });
});
