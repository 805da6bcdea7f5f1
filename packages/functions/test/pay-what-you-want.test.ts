import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInWithRole, type Person } from "./actors";

/**
 * Pay what you want, the product's side: `pay_what_you_want` with `price`
 * as the minimum and an optional suggested price (cents), set at creation or with PUT.
 */
const stack = useStack();

let ann: Person;
let bob: Person;

const createProduct = (who: Person, extra: Record<string, unknown>) =>
  call(stack(), "POST", "/api/products", { cookie: who.cookie, body: { ...productBody("Tip Jar"), ...extra } });

beforeAll(async () => {
  ann = await signInWithRole(stack(), "ann@example.com", "creator");
  bob = await signInWithRole(stack(), "bob@example.com", "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: ann.id }).set({ plan: "business" }).go();
});

describe("pay-what-you-want products", () => {
  it("creates one with the price as minimum and a suggested price, shown on the sales page", async () => {
    const res = await createProduct(ann, { price: "5", pay_what_you_want: true, suggested_price: 1200 });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ price: 500, pay_what_you_want: true, suggested_price: 1200 });
    const view = await call(stack(), "GET", `/api/public/products/${res.json.id}`);
    expect(view.json).toMatchObject({ price: 500, pay_what_you_want: true, suggested_price: 1200 });
    const plain = await createProduct(ann, {});
    expect(plain.json).toMatchObject({ pay_what_you_want: false, suggested_price: null });
  });

  it.each([
    [
      { pay_what_you_want: true, suggested_price: 400, price: "5" },
      "The suggested price can't be below the minimum price.",
    ],
    [{ suggested_price: 900 }, "A suggested price is only for pay-what-you-want products."],
    [
      { pay_what_you_want: true, suggested_price: 9.5 },
      "suggested_price: suggested_price must be a whole number of cents.",
    ],
    [{ pay_what_you_want: "yes" }, "pay_what_you_want: pay_what_you_want must be true or false."],
  ])("refuses %j with a clear 400", async (extra, error) => {
    const res = await createProduct(ann, extra);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toMatch(error.replace(/^.*: /, ""));
  });

  it("switches on and off with PUT, only on the owner's product", async () => {
    const id = (await createProduct(ann, { price: "3" })).json.id;
    const on = await call(stack(), "PUT", `/api/products/${id}`, {
      cookie: ann.cookie,
      body: { pay_what_you_want: true, suggested_price: 800 },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toMatchObject({ pay_what_you_want: true, suggested_price: 800, price: 300 });
    const low = await call(stack(), "PUT", `/api/products/${id}`, {
      cookie: ann.cookie,
      body: { pay_what_you_want: true, suggested_price: 100 },
    });
    expect(low.status).toBe(400);
    expect(low.json.error).toBe("The suggested price can't be below the minimum price.");
    const foreign = await call(stack(), "PUT", `/api/products/${id}`, {
      cookie: bob.cookie,
      body: { pay_what_you_want: false },
    });
    expect(foreign.status).toBe(404);
    const off = await call(stack(), "PUT", `/api/products/${id}`, {
      cookie: ann.cookie,
      body: { pay_what_you_want: false },
    });
    expect(off.json).toMatchObject({ pay_what_you_want: false, suggested_price: null });
    // The is_active toggle still works as before.
    const paused = await call(stack(), "PUT", `/api/products/${id}`, {
      cookie: ann.cookie,
      body: { is_active: false },
    });
    expect(paused.json).toMatchObject({ is_active: false, pay_what_you_want: false });
  });
});
