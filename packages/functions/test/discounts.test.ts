import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInWithRole, type Person } from "./actors";

/**
 * Discount codes, the creator's side: POST/GET/PUT/DELETE /api/discounts,
 * validation, codes unique per seller (not across sellers) and another seller's code out of reach.
 */
const stack = useStack();

let ann: Person;
let bob: Person;
let annProduct = "";
let bobProduct = "";

const create = (who: Person, body: unknown) => call(stack(), "POST", "/api/discounts", { cookie: who.cookie, body });
const update = (who: Person, id: string, body: unknown) =>
  call(stack(), "PUT", `/api/discounts/${id}`, { cookie: who.cookie, body });
const list = async (who: Person) =>
  (await call(stack(), "GET", "/api/discounts", { cookie: who.cookie })).json.discounts;
const future = new Date(Date.now() + 7 * 86_400_000).toISOString();

beforeAll(async () => {
  ann = await signInWithRole(stack(), "ann@example.com", "creator");
  bob = await signInWithRole(stack(), "bob@example.com", "creator");
  annProduct = (await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: productBody() })).json.id;
  bobProduct = (await call(stack(), "POST", "/api/products", { cookie: bob.cookie, body: productBody() })).json.id;
});

describe("discount codes: create and list", () => {
  it("creates a percentage code, stored upper-case, and lists it", async () => {
    const res = await create(ann, { code: " spring25 ", percent_off: 25, max_redemptions: 10, expires_at: future });
    expect(res.status, res.text).toBe(201);
    expect(res.json.discount).toMatchObject({
      code: "SPRING25",
      percent_off: 25,
      amount_off: null,
      product_ids: [],
      max_redemptions: 10,
      redemptions: 0,
      expires_at: future,
      is_active: true,
      status: "active",
    });
    expect((await list(ann)).map((d: { code: string }) => d.code)).toEqual(["SPRING25"]);
    expect(await list(bob)).toEqual([]);
  });

  it("creates a fixed-amount code for named products of the seller's own", async () => {
    const res = await create(ann, { code: "FIVE-OFF", amount_off: 500, product_ids: [annProduct, annProduct] });
    expect(res.status, res.text).toBe(201);
    expect(res.json.discount).toMatchObject({ amount_off: 500, percent_off: null, product_ids: [annProduct] });
    const foreign = await create(ann, { code: "NOT-MINE", percent_off: 10, product_ids: [bobProduct] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toBe(`product_ids: ${bobProduct} is not one of your products.`);
  });

  it.each([
    [{ percent_off: 10 }, "Please enter a code."],
    [{ code: "ab", percent_off: 10 }, "A code is 3–32 letters, digits, hyphens or underscores (e.g. SPRING25)."],
    [{ code: "has space", percent_off: 10 }, "A code is 3–32 letters, digits, hyphens or underscores (e.g. SPRING25)."],
    [{ code: "BOTH", percent_off: 10, amount_off: 100 }, "Give either percent_off or amount_off."],
    [{ code: "NEITHER" }, "Give either percent_off or amount_off."],
    [{ code: "PCT", percent_off: 0 }, "percent_off must be a whole number from 1 to 100."],
    [{ code: "PCT", percent_off: 101 }, "percent_off must be a whole number from 1 to 100."],
    [{ code: "PCT", percent_off: 12.5 }, "percent_off must be a whole number from 1 to 100."],
    [{ code: "AMT", amount_off: 9.99 }, "amount_off must be a whole number of cents, at least 1."],
    [{ code: "MAX", percent_off: 5, max_redemptions: 0 }, "max_redemptions must be a whole number, at least 1."],
    [
      { code: "EXP", percent_off: 5, expires_at: "soon" },
      "expires_at must be a date and time, e.g. 2030-01-31T23:59:00Z.",
    ],
    [{ code: "EXP", percent_off: 5, expires_at: "2001-01-01T00:00:00Z" }, "expires_at must be in the future."],
  ])("refuses %j with a clear 400", async (body, error) => {
    const res = await create(ann, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe(error);
  });

  it("keeps codes unique per seller, in any case, but two sellers may use the same code", async () => {
    const again = await create(ann, { code: "Spring25", percent_off: 5 });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("You already have a code SPRING25.");
    const bobs = await create(bob, { code: "SPRING25", percent_off: 50 });
    expect(bobs.status).toBe(201);
  });
});

describe("discount codes: update and delete", () => {
  it("changes fields, switches the kind of discount and clears limits", async () => {
    const id = (await create(ann, { code: "EDIT-ME", percent_off: 10, max_redemptions: 3 })).json.discount.id;
    let res = await update(ann, id, { amount_off: 300, expires_at: future, is_active: false });
    expect(res.status, res.text).toBe(200);
    expect(res.json.discount).toMatchObject({
      percent_off: null,
      amount_off: 300,
      expires_at: future,
      is_active: false,
      status: "inactive",
      max_redemptions: 3,
    });
    res = await update(ann, id, { max_redemptions: null, expires_at: null, is_active: true, code: "edited" });
    expect(res.json.discount).toMatchObject({
      code: "EDITED",
      max_redemptions: null,
      expires_at: null,
      status: "active",
    });
    // The old code is free again; the new one is taken.
    expect((await create(ann, { code: "EDIT-ME", percent_off: 1 })).status).toBe(201);
    const clash = await update(ann, id, { code: "spring25" });
    expect(clash.status).toBe(409);
    expect(clash.json.error).toBe("You already have a code SPRING25.");
    expect((await update(ann, id, { percent_off: 5, amount_off: 5 })).json.error).toBe(
      "Give either percent_off or amount_off.",
    );
  });

  it("refuses a limit below the redemptions already made", async () => {
    const { DiscountEntity } = await import("@payloft/core/db/entities");
    const id = (await create(ann, { code: "USED-TWICE", percent_off: 10 })).json.discount.id;
    await DiscountEntity.patch({ id }).set({ redemptions: 2 }).go();
    const low = await update(ann, id, { max_redemptions: 1 });
    expect(low.status).toBe(400);
    expect(low.json.error).toBe("This code was already used 2 times; the limit can't be lower.");
    const ok = await update(ann, id, { max_redemptions: 2 });
    expect(ok.json.discount).toMatchObject({ max_redemptions: 2, status: "used_up" });
  });

  it("another seller can neither see, change nor delete a code (404 as if missing)", async () => {
    const id = (await create(ann, { code: "PRIVATE", percent_off: 10 })).json.discount.id;
    const edit = await update(bob, id, { percent_off: 90 });
    expect(edit.status).toBe(404);
    expect(edit.json.error).toBe("Discount code not found");
    expect((await call(stack(), "DELETE", `/api/discounts/${id}`, { cookie: bob.cookie })).status).toBe(404);
    expect((await list(bob)).map((d: { id: string }) => d.id)).not.toContain(id);
    expect((await list(ann)).find((d: { id: string }) => d.id === id).percent_off).toBe(10);
  });

  it("deletes a code and frees its name", async () => {
    const id = (await create(ann, { code: "GONE", percent_off: 10 })).json.discount.id;
    expect((await call(stack(), "DELETE", `/api/discounts/${id}`, { cookie: ann.cookie })).status).toBe(200);
    expect((await list(ann)).map((d: { id: string }) => d.id)).not.toContain(id);
    expect((await call(stack(), "DELETE", `/api/discounts/${id}`, { cookie: ann.cookie })).status).toBe(404);
    expect((await create(ann, { code: "gone", percent_off: 20 })).status).toBe(201);
  });
});

describe("discount codes that could never apply are refused", () => {
  let cat: Person;
  let usdGuide = "";
  let euroBook = "";
  const product = async (body: Record<string, unknown>) =>
    (await call(stack(), "POST", "/api/products", { cookie: cat.cookie, body: { ...productBody(), ...body } })).json
      .id as string;
  const euroMismatch = (code: string, sum = "$5.00", own = "USD") =>
    `An amount-off code takes money off in one currency: ${code} takes ${sum} off prices in ${own}, but Euro Book ` +
    `is priced in EUR. Give the code that product's currency, use a percent-off code, or leave that product out.`;

  beforeAll(async () => {
    const { signInSellingCreator } = await import("./actors");
    cat = await signInSellingCreator(stack(), "cat@example.com");
    usdGuide = await product({ name: "USD Guide" });
    euroBook = await product({ name: "Euro Book", price: "9.50", currency: "eur" });
  });

  it("an amount off in USD limited to a EUR product, or to products not all in its currency, is a 400", async () => {
    const usd = await create(cat, { code: "FIVE-USD", amount_off: 500, product_ids: [euroBook] });
    expect(usd.status).toBe(400);
    expect(usd.json).toMatchObject({ error: euroMismatch("FIVE-USD"), code: "discount.currency_mismatch" });
    const mixed = await create(cat, { code: "FIVE-MIX", amount_off: 500, product_ids: [usdGuide, euroBook] });
    expect(mixed.json.error).toBe(euroMismatch("FIVE-MIX"));
    expect((await list(cat)).map((d: { code: string }) => d.code)).toEqual([]);
  });

  it("an amount off in the products' own currency is made, and says its currency", async () => {
    const eur = await create(cat, { code: "FIVE-EUR", amount_off: 500, currency: "EUR", product_ids: [euroBook] });
    expect(eur.status, eur.text).toBe(201);
    expect(eur.json.discount).toMatchObject({ amount_off: 500, currency: "eur", product_ids: [euroBook] });
    // "All products": it applies to whichever of them share its currency, now or later.
    const all = await create(cat, { code: "FIVE-GBP", amount_off: 500, currency: "gbp" });
    expect(all.json.discount).toMatchObject({ currency: "gbp", product_ids: [] });
    const usd = await create(cat, { code: "FIVE-PLAIN", amount_off: 500, product_ids: [usdGuide] });
    expect(usd.json.discount).toMatchObject({ currency: "usd" });
    const pct = await create(cat, { code: "TEN-PCT", percent_off: 10, product_ids: [usdGuide, euroBook] });
    expect(pct.json.discount).toMatchObject({ currency: null });
  });

  it.each([
    [
      { code: "PCT-EUR", percent_off: 10, currency: "eur" },
      "A percent-off code has no currency: it applies to prices in every currency.",
    ],
    [{ code: "AMT-XYZ", amount_off: 100, currency: "xyz" }, "currency must be one of: usd, eur, gbp, cad, aud, jpy."],
  ])("refuses %j with a clear 400", async (body, error) => {
    const res = await create(cat, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe(error);
  });

  it("an update that would leave the code unable to apply is a 400, and changes nothing", async () => {
    const id = (await create(cat, { code: "MOVE-ME", amount_off: 300, product_ids: [usdGuide] })).json.discount.id;
    const moved = await update(cat, id, { product_ids: [euroBook] });
    expect(moved.status).toBe(400);
    expect(moved.json.error).toBe(euroMismatch("MOVE-ME", "$3.00"));
    const both = await update(cat, id, { product_ids: [euroBook], currency: "eur" });
    expect(both.status, both.text).toBe(200);
    expect(both.json.discount).toMatchObject({ currency: "eur", product_ids: [euroBook] });
    // Back to USD while still limited to the EUR product: refused, the code stays as it was.
    const back = await update(cat, id, { currency: "usd" });
    expect(back.json.error).toBe(euroMismatch("MOVE-ME", "$3.00"));
    expect((await list(cat)).find((d: { id: string }) => d.id === id)).toMatchObject({ currency: "eur" });

    // A percent code turned amount-off is USD unless told otherwise.
    const pct = (await create(cat, { code: "PCT-TURN", percent_off: 10, product_ids: [euroBook] })).json.discount.id;
    expect((await update(cat, pct, { amount_off: 100 })).json.error).toBe(euroMismatch("PCT-TURN", "$1.00"));
    expect((await update(cat, pct, { currency: "eur" })).json.error).toBe(
      "A percent-off code has no currency: it applies to prices in every currency.",
    );
    const turned = await update(cat, pct, { amount_off: 100, currency: "eur" });
    expect(turned.json.discount).toMatchObject({ amount_off: 100, percent_off: null, currency: "eur" });
    // ...and back to percent drops the currency.
    const again = await update(cat, pct, { percent_off: 15 });
    expect(again.json.discount).toMatchObject({ percent_off: 15, amount_off: null, currency: null });
  });
});
