import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";
import { signInAdmin, signInWithRole, productBody, type Person } from "./actors";

/**
 * PUT /api/products/{id} edits a product (rule: Editing products): any subset of the creation
 * dialog's fields, checked by the create rules; the id, address and sales stay; a rejected product
 * goes back to review; buyers keep what they bought; the currency is fixed once there are sales.
 */
const stack = useStack();
let ann: Person;
let bob: Person;
let cara: Person;
let admin: Person;

const make = async (who: Person, extra: Record<string, unknown> = {}) => {
  const res = await call(stack(), "POST", "/api/products", {
    cookie: who.cookie,
    body: { ...productBody(), ...extra },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.id as string;
};
const edit = (who: Person | null, id: string, body: unknown) =>
  call(stack(), "PUT", `/api/products/${id}`, { ...(who ? { cookie: who.cookie } : {}), body });
const stored = async (id: string) => {
  const { ProductEntity } = await import("@payloft/core/db/entities");
  return (await ProductEntity.get({ id }).go()).data!;
};
let n = 0;
const claim = (productId: string, email: string) =>
  call(stack(), "POST", "/api/checkout/claim", {
    body: { productId, email },
    headers: { [VIEWER_ADDRESS_HEADER]: `192.0.2.${++n}` },
  });

beforeAll(async () => {
  ann = await signInWithRole(stack(), "ann@example.com", "creator", "Ann");
  bob = await signInWithRole(stack(), "bob@example.com", "creator", "Bob");
  cara = await signInWithRole(stack(), "cara@example.com", "customer", "Cara");
  admin = await signInAdmin(stack());
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: ann.id }).set({ plan: "business" }).go();
});

describe("PUT /api/products/{id}: editing", () => {
  it("changes every field of the dialog; the id, sales and sales page address stay", async () => {
    const id = await make(ann);
    const res = await edit(ann, id, {
      name: "  Design Guide, 2nd edition ",
      headline: "Ship even better UI",
      subheadline: "Now with dark mode",
      description: "New chapter\nOn colour",
      price: "19.99",
      pay_what_you_want: true,
      suggested_price: 2500,
      currency: "eur",
      media_type: "image",
      media_url: "https://img.example.com/cover.png",
      content_url: "https://files.example.com/guide-2.pdf",
      license_keys: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      id,
      name: "Design Guide, 2nd edition",
      headline: "Ship even better UI",
      subheadline: "Now with dark mode",
      description: "New chapter\nOn colour",
      price: 1999,
      currency: "eur",
      pay_what_you_want: true,
      suggested_price: 2500,
      media_type: "image",
      media_url: "https://img.example.com/cover.png",
      content_url: "https://files.example.com/guide-2.pdf",
      license_keys: true,
      is_active: true,
      moderation_status: "approved",
    });
    const page = await call(stack(), "GET", `/api/public/products/${id}`);
    expect(page.json).toMatchObject({ headline: "Ship even better UI", price: 1999, currency: "eur" });
    // A subset changes only itself; switching pay what you want off drops the suggested price.
    const some = await edit(ann, id, { headline: "Shorter", pay_what_you_want: false });
    expect(some.json).toMatchObject({
      headline: "Shorter",
      name: "Design Guide, 2nd edition",
      pay_what_you_want: false,
      suggested_price: null,
      price: 1999,
    });
    // The media can be taken away again.
    const none = await edit(ann, id, { media_type: "none" });
    expect(none.json).toMatchObject({ media_type: "none", media_url: "" });
    expect((await stored(id)).media_url).toBeUndefined();
  });

  it("is the owner's only: another creator and an admin get a 404, a customer 403, a visitor 401", async () => {
    const id = await make(ann, { name: "Ann's own" });
    for (const [who, status] of [
      [bob, 404],
      [admin, 404],
      [cara, 403],
      [null, 401],
    ] as const) {
      const res = await edit(who, id, { name: "Taken over" });
      expect(res.status, who?.email ?? "visitor").toBe(status);
    }
    expect((await stored(id)).name).toBe("Ann's own");
    // An admin edits their own products like any creator.
    const own = await make(admin, { name: "Admin's own" });
    expect((await edit(admin, own, { name: "Admin's renamed" })).json.name).toBe("Admin's renamed");
  });

  it.each([
    [{ name: "  " }, "Please enter a product name."],
    [{ headline: "x".repeat(201) }, "Headline must be at most 200 characters."],
    [{ price: "-1" }, "Price can't be negative. Enter 0 or more, e.g. 12.34."],
    [{ price: "1000000" }, "Price can be at most $999,999.99."],
    [{ currency: "xyz" }, "currency must be one of: usd, eur, gbp, cad, aud, jpy."],
    [{ media_type: "gif" }, "Media type must be one of: none, image, youtube, video, embed."],
    [{ media_type: "image" }, "Please enter the media for the selected media type, or choose None."],
    [
      { media_type: "image", media_url: "javascript:alert(1)" },
      "Media URL must be a web address starting with http:// or https://.",
    ],
    [{ content_url: "javascript:alert(1)" }, "Content URL must be a web address starting with http:// or https://."],
    [{ content_url: "" }, "Please enter the content URL or upload the file buyers receive after purchase."],
    [{ pay_what_you_want: true, suggested_price: 100 }, "The suggested price can't be below the minimum price."],
    [{ suggested_price: 5000 }, "A suggested price is only for pay-what-you-want products."],
    [{ license_keys: "yes" }, "license_keys must be true or false."],
    [{ is_active: "no" }, "is_active must be true or false."],
  ])("refuses %j with a clear 400 and changes nothing", async (body, error) => {
    const id = await make(ann, { name: "Unchanged" });
    const res = await edit(ann, id, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe(error);
    const p = await stored(id);
    expect([p.name, p.price, p.media_type, p.content_url]).toEqual([
      "Unchanged",
      1234,
      "none",
      "https://files.example.com/guide.pdf",
    ]);
  });

  it("changes the currency only while the product has no sales (409 after)", async () => {
    const id = await make(ann, { price: "0" });
    const yen = await edit(ann, id, { currency: "jpy" });
    expect(yen.json).toMatchObject({ currency: "jpy", price: 0 });
    expect((await claim(id, "dee@example.com")).status).toBe(200);
    const refused = await edit(ann, id, { currency: "usd" });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      error:
        "A product's currency can't change once it has sales: its sales and revenue are counted in it. Create a new product to sell in another currency.",
      code: "product.currency_locked",
    });
    expect((await stored(id)).currency).toBe("jpy");
    // Everything else may still change; the sale stays.
    const renamed = await edit(ann, id, { name: "Renamed", price: "1200", currency: "JPY" });
    expect(renamed.json).toMatchObject({ name: "Renamed", price: 1200, currency: "jpy", sales_count: 1 });
  });

  it("a rejected product goes back to review when edited; an approved one stays approved", async () => {
    const id = await make(ann);
    const rejected = await call(stack(), "PUT", `/api/admin/products/${id}/moderate`, {
      cookie: admin.cookie,
      body: { status: "rejected", notes: "Please set a price." },
    });
    expect(rejected.status).toBe(200);
    const res = await edit(ann, id, { price: "25" });
    expect(res.json).toMatchObject({ price: 2500, moderation_status: "pending" });
    const approved = await make(ann);
    expect((await edit(ann, approved, { description: "Better words" })).json.moderation_status).toBe("approved");
  });

  it("while products need approval, a changed listing goes back to review, a new price does not", async () => {
    const { Setting } = await import("@payloft/core/setting/index");
    const id = await make(ann);
    await Setting.set({ key: "auto_approve_products", value: "false" });
    try {
      expect((await edit(ann, id, { price: "15" })).json.moderation_status).toBe("approved");
      expect((await edit(ann, id, { name: "Swapped page" })).json.moderation_status).toBe("pending");
    } finally {
      await Setting.set({ key: "auto_approve_products", value: "true" });
    }
  });

  it("buyers keep what they bought: the purchase's snapshot, not the edited product", async () => {
    const id = await make(ann, {
      name: "Free Fonts",
      price: "0",
      content_url: "https://files.example.com/fonts-v1.zip",
    });
    const claimed = await claim(id, "eli@example.com");
    expect(claimed.status).toBe(200);
    await edit(ann, id, { name: "Paid Fonts", price: "9", content_url: "https://files.example.com/fonts-v2.zip" });
    const opened = await fetch(claimed.json.purchase.access_url, { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("https://files.example.com/fonts-v1.zip");
    const sales = await call(stack(), "GET", "/api/sales-history", { cookie: ann.cookie });
    expect(sales.json.sales.find((s: { id: string }) => s.id === claimed.json.purchase.id)).toMatchObject({
      product_name: "Free Fonts",
      amount: 0,
    });
  });

  it("keeps today's bodies: {is_active} and {pay_what_you_want, suggested_price}", async () => {
    const id = await make(ann, { price: "3" });
    expect((await edit(ann, id, { is_active: false })).json.is_active).toBe(false);
    const pwyw = await edit(ann, id, { pay_what_you_want: true, suggested_price: 800 });
    expect(pwyw.json).toMatchObject({ pay_what_you_want: true, suggested_price: 800, is_active: false });
    // Both at once: the edit, then the switch (which counts against the plan).
    const both = await edit(ann, id, { name: "Back on", is_active: true });
    expect(both.json).toMatchObject({ name: "Back on", is_active: true });
  });
});

describe("PATCH /api/v1/products/{id}", () => {
  it("goes through the same edit: the currency is fixed once there are sales", async () => {
    const made = await call(stack(), "POST", "/api/api-keys", { cookie: ann.cookie, body: { name: "edit test" } });
    expect(made.status, made.text).toBe(201);
    const id = await make(ann, { price: "0" });
    expect((await claim(id, "fay@example.com")).status).toBe(200);
    const res = await call(stack(), "PATCH", `/api/v1/products/${id}`, {
      headers: { authorization: `Bearer ${made.json.key}` },
      body: { currency: "gbp" },
    });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("product.currency_locked");
  });
});
