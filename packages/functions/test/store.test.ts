import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * Storefronts: PUT/GET /api/store, GET /api/public/stores/{handle}, handle
 * rules and uniqueness, and the plan-gated branding the sales page and store page show.
 */
const stack = useStack();

let ann: Person;
let bob: Person;
let admin: Person;

const setPlan = async (who: Person, plan: string) => {
  const res = await call(stack(), "PUT", `/api/admin/users/${who.id}/plan`, { cookie: admin.cookie, body: { plan } });
  expect(res.status, res.text).toBe(200);
};
const saveStore = (who: Person, body: unknown) => call(stack(), "PUT", "/api/store", { cookie: who.cookie, body });
const publicStore = (handle: string) => call(stack(), "GET", `/api/public/stores/${handle}`);

beforeAll(async () => {
  admin = await signInAdmin(stack());
  ann = await signInWithRole(stack(), "ann@example.com", "creator", "Ann Archer");
  bob = await signInWithRole(stack(), "bob@example.com", "creator", "Bob Baker");
});

describe("PUT /api/store", () => {
  it("creates the caller's store, which GET /api/store returns", async () => {
    expect((await call(stack(), "GET", "/api/store", { cookie: ann.cookie })).json).toEqual({ store: null });
    const res = await saveStore(ann, { handle: "  Ann-Makes ", bio: "Guides for makers." });
    expect(res.status, res.text).toBe(200);
    expect(res.json.store).toMatchObject({
      handle: "ann-makes",
      bio: "Guides for makers.",
      avatar_url: null,
      accent_color: null,
      url: `${stack().url}/s/ann-makes`,
    });
    const mine = await call(stack(), "GET", "/api/store", { cookie: ann.cookie });
    expect(mine.json.store.handle).toBe("ann-makes");
  });

  it.each([
    [{ handle: "ab" }, "A handle is 3–30 characters: lower-case letters, digits and hyphens (e.g. maya-makes)."],
    [
      { handle: "x".repeat(31) },
      "A handle is 3–30 characters: lower-case letters, digits and hyphens (e.g. maya-makes).",
    ],
    [{ handle: "ann_makes" }, "A handle is 3–30 characters: lower-case letters, digits and hyphens (e.g. maya-makes)."],
    [{ handle: "-ann" }, "A handle can't start or end with a hyphen or have two in a row."],
    [{ handle: "ann--b" }, "A handle can't start or end with a hyphen or have two in a row."],
    [{ handle: "admin" }, "That handle is reserved. Please choose another."],
    [{ handle: "Dashboard" }, "That handle is reserved. Please choose another."],
    [{}, "Please choose a handle for your store."],
    [
      { handle: "fine-one", avatar_url: "javascript:alert(1)" },
      "Logo URL must be a web address starting with http:// or https://.",
    ],
    [{ handle: "fine-one", bio: "b".repeat(501) }, "Bio must be at most 500 characters."],
  ])("refuses %j with a clear 400", async (body, error) => {
    const res = await saveStore(bob, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe(error);
  });

  it("answers 409 with a message when the handle is taken, and frees a handle its owner leaves", async () => {
    const taken = await saveStore(bob, { handle: "ann-makes" });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe("That handle is taken. Please choose another.");
    expect((await call(stack(), "GET", "/api/store", { cookie: bob.cookie })).json.store).toBeNull();

    // The owner saving again keeps it; moving to a new handle releases the old one.
    expect((await saveStore(ann, { handle: "ann-makes", bio: "Still me" })).status).toBe(200);
    expect((await saveStore(ann, { handle: "ann-archer", bio: "Moved" })).status).toBe(200);
    expect((await publicStore("ann-makes")).status).toBe(404);
    const bobs = await saveStore(bob, { handle: "ann-makes" });
    expect(bobs.status, bobs.text).toBe(200);
    expect((await publicStore("ann-makes")).json.store.name).toBe("Bob Baker");
    expect((await publicStore("ann-archer")).json.store.name).toBe("Ann Archer");
  });

  it("gives a contested handle to exactly one of two creators saving at once", async () => {
    const cy = await signInWithRole(stack(), "cy@example.com", "creator");
    const di = await signInWithRole(stack(), "di@example.com", "creator");
    const results = await Promise.all([saveStore(cy, { handle: "the-shop" }), saveStore(di, { handle: "the-shop" })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? "cy" : "di";
    expect((await publicStore("the-shop")).json.store.name).toBe(winner);
  });

  it("refuses a custom accent colour below Pro with 403 {error, upgrade}", async () => {
    const res = await saveStore(ann, { handle: "ann-archer", accent_color: "#ff6600" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ upgrade: "pro" });
    expect(res.json.error).toMatch(/Custom branding is part of the Pro plan/);
    const bad = await saveStore(ann, { handle: "ann-archer", accent_color: "orange" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Accent colour must be a hex colour like #4f46e5.");
  });
});

describe("GET /api/public/stores/{handle}", () => {
  let liveId = "";
  let pausedId = "";
  let tipJarId = "";
  let clubId = "";

  beforeAll(async () => {
    await setPlan(ann, "pro");
    const live = await call(stack(), "POST", "/api/products", {
      cookie: ann.cookie,
      body: { ...productBody("Live Guide"), media_type: "image", media_url: "https://img.example.com/live.png" },
    });
    const paused = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: productBody("Paused") });
    const tipJar = await call(stack(), "POST", "/api/products", {
      cookie: ann.cookie,
      body: { ...productBody("Tip Jar"), price: "5", currency: "eur", pay_what_you_want: true },
    });
    expect(tipJar.status, tipJar.text).toBe(201);
    tipJarId = tipJar.json.id;
    const club = await call(stack(), "POST", "/api/products", {
      cookie: ann.cookie,
      body: {
        ...productBody("Club"),
        billing: "recurring",
        tiers: [
          {
            id: "club",
            name: "Club",
            prices: [
              { interval: "year", amount: "90" },
              { interval: "month", amount: "9" },
            ],
          },
        ],
      },
    });
    expect(club.status, club.text).toBe(201);
    clubId = club.json.id;
    liveId = live.json.id;
    pausedId = paused.json.id;
    await call(stack(), "PUT", `/api/products/${pausedId}`, { cookie: ann.cookie, body: { is_active: false } });
  });

  it("lists the creator's buyable products with the store's details, never content links", async () => {
    const res = await publicStore("ann-archer");
    expect(res.status).toBe(200);
    expect(res.json.store).toEqual({
      creator_id: expect.any(String),
      handle: "ann-archer",
      name: "Ann Archer",
      bio: "Moved",
      avatar_url: null,
      accent_color: null,
      powered_by: true,
    });
    // Newest first; a pay-what-you-want price is its minimum, in its own currency (shown "€5.00+").
    // A membership is listed at what its tiers start at, with that price's billing period ("$9 / month").
    expect(res.json.products).toEqual([
      {
        id: clubId,
        name: "Club",
        headline: "Ship better UI",
        price: 900,
        currency: "usd",
        pay_what_you_want: false,
        image_url: null,
        billing: "recurring",
        price_interval: "month",
        // Sold monthly and yearly: the card says "from $9 / month".
        price_varies: true,
      },
      {
        id: tipJarId,
        name: "Tip Jar",
        headline: "Ship better UI",
        price: 500,
        currency: "eur",
        pay_what_you_want: true,
        image_url: null,
        billing: "one_time",
        price_interval: null,
        price_varies: false,
      },
      {
        id: liveId,
        name: "Live Guide",
        headline: "Ship better UI",
        price: 1234,
        currency: "usd",
        pay_what_you_want: false,
        image_url: "https://img.example.com/live.png",
        billing: "one_time",
        price_interval: null,
        price_varies: false,
      },
    ]);
    expect(res.text).not.toContain("files.example.com");
  });

  it("answers 404 for unknown, malformed and deactivated sellers' handles", async () => {
    expect((await publicStore("nobody-here")).status).toBe(404);
    expect((await publicStore("NOT%20valid")).status).toBe(404);
    const eve = await signInWithRole(stack(), "eve@example.com", "creator");
    expect((await saveStore(eve, { handle: "eve-shop" })).status).toBe(200);
    expect((await publicStore("eve-shop")).status).toBe(200);
    await call(stack(), "PUT", `/api/admin/users/${eve.id}/deactivate`, { cookie: admin.cookie });
    expect((await publicStore("eve-shop")).status).toBe(404);
  });

  it("Pro shows the accent colour and logo on the store and sales pages; Business drops 'Powered by'", async () => {
    const saved = await saveStore(ann, {
      handle: "ann-archer",
      bio: "Moved",
      avatar_url: "https://img.example.com/ann.png",
      accent_color: "#FF6600",
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.store.accent_color).toBe("#ff6600");
    expect((await publicStore("ann-archer")).json.store).toMatchObject({
      accent_color: "#ff6600",
      avatar_url: "https://img.example.com/ann.png",
      powered_by: true,
    });
    const sales = await call(stack(), "GET", `/api/public/products/${liveId}`);
    expect(sales.json.branding).toEqual({
      store_handle: "ann-archer",
      logo_url: "https://img.example.com/ann.png",
      accent_color: "#ff6600",
      powered_by: true,
    });

    await setPlan(ann, "business");
    expect((await call(stack(), "GET", `/api/public/products/${liveId}`)).json.branding.powered_by).toBe(false);
    expect((await publicStore("ann-archer")).json.store.powered_by).toBe(false);
  });

  it("a creator back on a lower plan loses custom branding at once (decided when read)", async () => {
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id: ann.id }).set({ plan: "starter" }).go();
    expect((await call(stack(), "GET", `/api/public/products/${liveId}`)).json.branding).toEqual({
      store_handle: "ann-archer",
      logo_url: null,
      accent_color: null,
      powered_by: true,
    });
    expect((await publicStore("ann-archer")).json.store.accent_color).toBeNull();
    // A seller without a store has no branding but still the 'Powered by' line.
    const adminProduct = await call(stack(), "POST", "/api/products", {
      cookie: admin.cookie,
      body: productBody("Admin's"),
    });
    const view = await call(stack(), "GET", `/api/public/products/${adminProduct.json.id}`);
    expect(view.json.branding).toEqual({ store_handle: null, logo_url: null, accent_color: null, powered_by: false });
  });
});
