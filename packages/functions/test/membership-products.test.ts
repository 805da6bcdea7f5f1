import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInWithRole, type Person } from "./actors";

/**
 * Memberships, the product side: billing one_time | recurring, tiers with a price per interval,
 * trial_days, through the one product schema (the dialog's POST/PUT /api/products, price as
 * typed; API v1, in cents), role by role.
 */
const stack = useStack();

const tiers = [
  {
    id: "basic",
    name: "Basic",
    prices: [
      { interval: "month", amount: "5" },
      { interval: "year", amount: "50" },
    ],
  },
  { name: "Pro plan", description: "Everything", prices: [{ interval: "quarter", amount: 25.5 }] },
];
const membership = (extra: Record<string, unknown> = {}) => ({
  ...productBody("Weekly Letters"),
  billing: "recurring",
  tiers,
  trial_days: 7,
  ...extra,
});

async function withPlan(email: string, plan: string) {
  const person = await signInWithRole(stack(), email, "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: person.id }).set({ plan }).go();
  return person;
}

let ann: Person;
let bob: Person;
let cara: Person;
let key: string;

beforeAll(async () => {
  ann = await withPlan("ann-members@example.com", "business");
  bob = await withPlan("bob-members@example.com", "pro");
  cara = await signInWithRole(stack(), "cara-members@example.com", "customer");
  const res = await call(stack(), "POST", "/api/api-keys", { cookie: ann.cookie, body: { name: "tests" } });
  key = res.json.key;
});

const v1 = (method: string, path: string, body?: unknown) =>
  call(stack(), method, `/api/v1${path}`, { body, headers: { authorization: `Bearer ${key}` } });

describe("a recurring product through POST /api/products (the dialog)", () => {
  it("stores tiers in minor units, ids made from names, the trial, and a price that is the lowest tier's", async () => {
    const res = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: membership() });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      billing: "recurring",
      trial_days: 7,
      price: 500,
      pay_what_you_want: false,
      tiers: [
        {
          id: "basic",
          name: "Basic",
          prices: [
            { interval: "month", amount: 500 },
            { interval: "year", amount: 5000 },
          ],
        },
        {
          id: "pro-plan",
          name: "Pro plan",
          description: "Everything",
          prices: [{ interval: "quarter", amount: 2550 }],
        },
      ],
    });
    const page = await call(stack(), "GET", `/api/public/products/${res.json.id}`);
    expect(page.json).toMatchObject({ billing: "recurring", trial_days: 7, tiers: res.json.tiers });
  });

  it("keeps today's one-time products as they were: billing one_time, no tiers", async () => {
    const res = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: productBody("Old kind") });
    expect(res.json).toMatchObject({ billing: "one_time", tiers: [], trial_days: 0, price: 1234 });
  });

  it.each([
    [{ tiers: [{ name: "Basic", prices: [] }] }, 'Each tier needs at least one price: "Basic" has none.'],
    [
      { tiers: [{ name: "Basic", prices: [{ interval: "week", amount: 5 }] }] },
      "A price's interval must be one of: month, quarter, year.",
    ],
    [{ trial_days: 91 }, "trial_days must be a whole number of days from 0 to 90."],
    [{ trial_days: 2.5 }, "trial_days must be a whole number of days from 0 to 90."],
    [{ tiers: [] }, "A recurring product needs at least one tier with a price."],
    [
      { tiers: [{ name: "Basic", prices: [{ interval: "month", amount: 0 }] }] },
      'Each tier\'s price must be more than 0 ("Basic").',
    ],
    [
      {
        tiers: [
          {
            name: "B",
            prices: [
              { interval: "month", amount: 1 },
              { interval: "month", amount: 2 },
            ],
          },
        ],
      },
      'A tier has one price per interval: "B" has two for the same interval.',
    ],
    [
      {
        tiers: [
          { id: "a", name: "A", prices: [{ interval: "month", amount: 1 }] },
          { id: "a", name: "B", prices: [{ interval: "month", amount: 1 }] },
        ],
      },
      'Two tiers can\'t have the same id ("a").',
    ],
    [{ pay_what_you_want: true }, "Pay what you want is only for one-time products."],
    [{ billing: "weekly" }, "billing must be one_time or recurring."],
    [{ billing: "one_time" }, "Tiers are only for recurring products: set billing to recurring."],
  ])("refuses bad billing with a sentence and creates nothing (%#)", async (extra, message) => {
    const before = await call(stack(), "GET", "/api/products", { cookie: bob.cookie });
    const res = await call(stack(), "POST", "/api/products", { cookie: bob.cookie, body: membership(extra) });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    const after = await call(stack(), "GET", "/api/products", { cookie: bob.cookie });
    expect(after.json.length).toBe(before.json.length);
  });

  it("is refused to visitors (401) and customers (403)", async () => {
    expect((await call(stack(), "POST", "/api/products", { body: membership() })).status).toBe(401);
    expect((await call(stack(), "POST", "/api/products", { cookie: cara.cookie, body: membership() })).status).toBe(
      403,
    );
  });

  it("counts against the plan's product limit like any product", async () => {
    const free = await signInWithRole(stack(), "free-members@example.com", "creator");
    const first = await call(stack(), "POST", "/api/products", { cookie: free.cookie, body: membership() });
    expect(first.status).toBe(201);
    const second = await call(stack(), "POST", "/api/products", { cookie: free.cookie, body: membership() });
    expect(second.status).toBe(403);
    expect(second.json.error).toMatch(/plan limit of 1 product/);
  });
});

describe("editing billing with PUT /api/products/{id}", () => {
  it("changes tiers (typed amounts) and trial; switching to one-time drops tiers and trial", async () => {
    const made = (await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: membership() })).json;
    const put = (body: unknown, cookie = ann.cookie) =>
      call(stack(), "PUT", `/api/products/${made.id}`, { cookie, body });
    const edited = await put({
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "7.5" }] }],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({
      price: 750,
      trial_days: 7,
      tiers: [{ id: "basic", prices: [{ amount: 750 }] }],
    });
    expect((await put({ trial_days: 120 })).json.error).toBe("trial_days must be a whole number of days from 0 to 90.");
    expect((await put({ trial_days: 30 }, bob.cookie)).status).toBe(404);
    const oneTime = await put({ billing: "one_time", price: "9" });
    expect(oneTime.json).toMatchObject({ billing: "one_time", tiers: [], trial_days: 0, price: 900 });
  });

  it("refuses to make a product with members one-time (409) and changes nothing", async () => {
    const made = (await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: membership() })).json;
    // Fixture: one running membership, as core/src/membership counts it on the product.
    const { ProductEntity } = await import("@payloft/core/db/entities");
    await ProductEntity.patch({ id: made.id }).set({ member_count: 1 }).go();
    const res = await call(stack(), "PUT", `/api/products/${made.id}`, {
      cookie: ann.cookie,
      body: { billing: "one_time" },
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/^This product has members/);
    const after = await call(stack(), "GET", `/api/public/products/${made.id}`);
    expect(after.json).toMatchObject({ billing: "recurring", tiers: made.tiers });
  });
});

describe("API v1 takes the same billing, amounts in cents", () => {
  it("creates a recurring product without a price, and refuses the same bad input", async () => {
    const res = await v1("POST", "/products", {
      name: "API members",
      content_url: "https://files.example.com/x",
      billing: "recurring",
      tiers: [{ id: "gold", name: "Gold", prices: [{ interval: "year", amount: 12000 }] }],
      trial_days: 14,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      price: 12000,
      tiers: [{ id: "gold", prices: [{ interval: "year", amount: 12000 }] }],
    });
    const bad = await v1("POST", "/products", {
      name: "Bad",
      content_url: "https://files.example.com/x",
      billing: "recurring",
      tiers: [{ name: "Gold", prices: [{ interval: "year", amount: 12.5 }] }],
    });
    expect(bad.status).toBe(400);
    const noPrice = await v1("POST", "/products", { name: "One-time", content_url: "https://files.example.com/x" });
    expect(noPrice.status).toBe(400);
    expect(noPrice.json.error).toMatch(/^price is in cents/);
    const patched = await v1("PATCH", `/products/${res.json.id}`, { trial_days: 99 });
    expect(patched.json.error).toBe("trial_days must be a whole number of days from 0 to 90.");
  });
});

describe("one-time paths never sell a membership as one purchase", () => {
  it("refuses a discount preview of a recurring product (the one-time checkout path)", async () => {
    const made = (await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: membership() })).json;
    const preview = await call(stack(), "POST", `/api/public/products/${made.id}/discount-preview`, {
      body: { code: "X" },
    });
    expect(preview.status).toBe(400);
    expect(preview.json.error).toMatch(/^This product is a membership/);
  });
});
