import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { makeAffiliate, signInSellingCreator, signInWithRole, type Person } from "./actors";

/**
 * `?ref={code}` on a sales page (/product/{id}, /p/{id}), the overlay and a store (/s/{handle}):
 * the page Lambda sets the same first-party cookie as /r/{code} (the creator's window, last click
 * wins, nothing for an unknown, paused or other creator's code) and never lets the edge keep an
 * answer that set one. Buy passes the page's code along (`ref`), which the overlay in another
 * site's frame needs: create-session credits it without any cookie. Fixture shells stand in for
 * the Vite build; the pages are rendered into them by the real renderer.
 */
const dist = mkdtempSync(join(tmpdir(), "payloft-ref-"));
const SHELL = `<!doctype html><html lang="en"><head><title>Payloft</title></head><body><div id="root"></div></body></html>`;
writeFileSync(join(dist, "index.html"), SHELL);
mkdirSync(join(dist, "pages"));
for (const page of ["product", "overlay", "store"]) writeFileSync(join(dist, "pages", `${page}.html`), SHELL);
const stack = useStack({ webDist: dist });

let sam: Person; // selling creator (Business, Stripe), window 7 days
let zoe: Person; // another selling creator
let ivy: Person;
let kim: Person;
let productId = "";
const codes: Record<string, string> = {};
const ids: Record<string, string> = {};

/** Opens a page as a browser would: the answer's Set-Cookie (if any) replaces the jar. */
async function open(path: string, jar = "") {
  const res = await fetch(`${stack().url}${path}`, jar ? { headers: { cookie: jar } } : {});
  expect(res.status, path).toBe(200);
  const set = res.headers.get("set-cookie");
  return { res, set, jar: set ? set.split(";")[0]! : jar };
}

/** The codes in a payloft_ref cookie, in order. */
const codesIn = (jar: string) =>
  decodeURIComponent(jar.replace(/^payloft_ref=/, ""))
    .split("|")
    .map((e) => e.split(".")[1]);

async function pay(started: { status: number; text: string; json: { url: string } }) {
  expect(started.status, started.text).toBe(200);
  const back = await payOnHostedPage(started.json.url, "reader@example.com");
  await stack().settled();
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  return (await PurchaseEntity.get({ id: new URL(back).searchParams.get("session_id")! }).go()).data!;
}

const buy = async (body: Record<string, unknown>, jar = "") =>
  pay(
    await call(stack(), "POST", "/api/checkout/create-session", {
      body: { productId, ...body },
      ...(jar ? { headers: { cookie: jar } } : {}),
    }),
  );

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam.ref@example.com");
  zoe = await signInSellingCreator(stack(), "zoe.ref@example.com");
  ivy = await signInWithRole(stack(), "ivy.ref@example.com", "customer");
  kim = await signInWithRole(stack(), "kim.ref@example.com", "creator");
  const made = await call(stack(), "POST", "/api/products", {
    cookie: sam.cookie,
    body: { name: "Kit", price: "20.00", content_url: "https://files.example.com/kit.zip", media_type: "none" },
  });
  productId = made.json.id;
  expect((await call(stack(), "PUT", "/api/store", { cookie: sam.cookie, body: { handle: "sam-ref" } })).status).toBe(
    200,
  );
  await call(stack(), "PUT", "/api/affiliates/settings", { cookie: sam.cookie, body: { affiliate_cookie_days: 7 } });
  for (const [who, percent] of [
    [ivy, 10],
    [kim, 20],
  ] as const) {
    const made = await makeAffiliate(stack(), sam, who, percent);
    codes[who.email] = made.code;
    ids[who.email] = made.id;
  }
  codes.zoe = (await makeAffiliate(stack(), zoe, ivy, 50)).code;
});

describe("?ref= on the pages", () => {
  it("sets the attribution cookie for the creator's window on /product, /p, /overlay and /s, never kept at the edge", async () => {
    const code = codes[ivy.email]!;
    for (const path of [`/product/${productId}`, `/p/${productId}`, `/overlay/product/${productId}`, "/s/sam-ref"]) {
      const { res, set } = await open(`${path}?ref=${code.toUpperCase()}`);
      expect(set, path).toMatch(/^payloft_ref=[^;]+; Path=\/; Max-Age=604800; HttpOnly; Secure; SameSite=Lax$/);
      expect(codesIn(set!.split(";")[0]!), path).toEqual([code]);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("an unknown code, another creator's code or a paused affiliate's sets nothing, and the page is shown", async () => {
    for (const ref of ["nosuchcode", "not a code!", codes.zoe!]) {
      const { res, set } = await open(`/product/${productId}?ref=${encodeURIComponent(ref)}`);
      expect(set, ref).toBeNull();
      expect(res.headers.get("cache-control"), ref).toBe("public, max-age=0, s-maxage=60");
    }
    await call(stack(), "PUT", `/api/affiliates/${ids[kim.email]}`, { cookie: sam.cookie, body: { status: "paused" } });
    expect((await open(`/s/sam-ref?ref=${codes[kim.email]}`)).set).toBeNull();
    await call(stack(), "PUT", `/api/affiliates/${ids[kim.email]}`, { cookie: sam.cookie, body: { status: "active" } });
  });

  it("last click wins: a later ?ref= replaces the creator's entry and keeps other creators'", async () => {
    const other = await open(`/product/${productId}?ref=${codes[ivy.email]}`);
    const zoes = (
      await fetch(`${stack().url}/r/${codes.zoe}`, { redirect: "manual", headers: { cookie: other.jar } })
    ).headers
      .get("set-cookie")!
      .split(";")[0]!;
    expect(codesIn(zoes)).toEqual([codes.zoe, codes[ivy.email]]);
    const later = await open(`/s/sam-ref?ref=${codes[kim.email]}`, zoes);
    expect(codesIn(later.jar)).toEqual([codes[kim.email], codes.zoe]);
    const sale = await buy({}, later.jar);
    expect(sale).toMatchObject({ affiliate_id: ids[kim.email], commission: 400 });
  });

  it("the production page Lambda reads the function URL's cookies and answers the cookie in `cookies`", async () => {
    const { handler } = await import("../src/pages/handler");
    const res = await handler({
      rawPath: `/p/${productId}`,
      rawQueryString: `ref=${codes[kim.email]}`,
      cookies: [`payloft_ref=${encodeURIComponent(`${zoe.id}.${codes.zoe}.${Math.floor(Date.now() / 1000) + 3600}`)}`],
      headers: {},
    } as unknown as Parameters<typeof handler>[0]);
    expect(res.statusCode).toBe(200);
    expect(res.headers?.["cache-control"]).toBe("private, no-store");
    expect(codesIn(res.cookies![0]!.split(";")[0]!)).toEqual([codes[kim.email], codes.zoe]);
  });
});

describe("the page's code at checkout (the overlay in another site's frame sees no cookie)", () => {
  it("create-session credits `ref` without a cookie, and `ref` wins over the cookie", async () => {
    expect(await buy({ ref: codes[ivy.email] })).toMatchObject({ affiliate_id: ids[ivy.email], commission: 200 });
    const { jar } = await open(`/product/${productId}?ref=${codes[kim.email]}`);
    expect(await buy({ ref: codes[ivy.email]!.toUpperCase() }, jar)).toMatchObject({ affiliate_id: ids[ivy.email] });
    // A code that credits nothing here leaves the cookie's affiliate.
    expect(await buy({ ref: codes.zoe }, jar)).toMatchObject({ affiliate_id: ids[kim.email] });
  });

  it("the Buy form posts the page's code too", async () => {
    const started = await call(stack(), "POST", "/api/checkout/buy", {
      rawBody: new URLSearchParams({ product_id: productId, ref: codes[ivy.email]! }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(started.status, started.text).toBe(303);
    const back = await payOnHostedPage(started.headers.get("location")!, "form@example.com");
    await stack().settled();
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    const sale = (await PurchaseEntity.get({ id: new URL(back).searchParams.get("session_id")! }).go()).data!;
    expect(sale).toMatchObject({ affiliate_id: ids[ivy.email], commission: 200 });
  });

  it.each([["ab-cd"], ["x".repeat(17)], [42]])("refuses ref %j with a 400 sentence", async (ref) => {
    const res = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId, ref } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ref must be an affiliate's code: up to 16 letters and digits.");
  });
});
