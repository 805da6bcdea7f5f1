import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { makeAffiliate, signInSellingCreator, signInWithRole, type Person } from "./actors";

/**
 * Affiliates' links and money: /r/{code} sets the attribution cookie for the creator's window,
 * last click wins, create-session snapshots the affiliate and rate, the purchase records the
 * commission (rounded down) and the affiliate's counter follows from the stream; a refund
 * reverses it once; no commission on the affiliate's own purchase or while paused.
 */
const stack = useStack();

let sam: Person; // selling creator (Business, Stripe)
let ivy: Person; // affiliate
let kim: Person; // second affiliate
let productId = "";
const codes: Record<string, string> = {};
const ids: Record<string, string> = {};

const settle = () => stack().settled();

async function affiliate(who: Person, percent: number) {
  const { id, code } = await makeAffiliate(stack(), sam, who, percent);
  codes[who.email] = code;
  ids[who.email] = id;
}

/** Follows a link as a browser would: the answer's Set-Cookie joins the jar. */
async function follow(path: string, jar = "") {
  const res = await call(stack(), "GET", path, jar ? { headers: { cookie: jar } } : {});
  const set = res.headers.get("set-cookie");
  return { res, jar: set ? set.split(";")[0]! : jar, set };
}

async function buy(jar: string, email = "buyer@example.com") {
  const started = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId },
    ...(jar ? { headers: { cookie: jar } } : {}),
  });
  expect(started.status, started.text).toBe(200);
  const back = await payOnHostedPage(started.json.url, email);
  await settle();
  const id = new URL(back).searchParams.get("session_id")!;
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  return (await PurchaseEntity.get({ id }).go()).data!;
}

const mine = async (email: string) =>
  (await call(stack(), "GET", "/api/affiliates", { cookie: sam.cookie })).json.affiliates.find(
    (a: { email: string }) => a.email === email,
  );

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam.affiliates@example.com");
  ivy = await signInWithRole(stack(), "ivy.aff@example.com", "customer");
  kim = await signInWithRole(stack(), "kim.aff@example.com", "creator");
  const made = await call(stack(), "POST", "/api/products", {
    cookie: sam.cookie,
    body: { name: "Kit", price: "19.99", content_url: "https://files.example.com/kit.zip", media_type: "none" },
  });
  productId = made.json.id;
  await affiliate(ivy, 15);
  await affiliate(kim, 30);
});

describe("links", () => {
  it("redirects to the product with a first-party cookie for the creator's window", async () => {
    const saved = await call(stack(), "PUT", "/api/affiliates/settings", {
      cookie: sam.cookie,
      body: { affiliate_cookie_days: 7 },
    });
    expect(saved.json.settings).toEqual({ affiliate_cookie_days: 7 });
    const { res, set } = await follow(`/r/${codes[ivy.email]}?product=${productId}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${stack().url}/product/${productId}`);
    expect(set).toMatch(/^payloft_ref=[^;]+; Path=\/; Max-Age=604800; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("an unknown code still redirects, without attribution", async () => {
    const { res, set } = await follow(`/r/nosuchcode?product=${productId}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${stack().url}/product/${productId}`);
    expect(set).toBeNull();
    expect((await follow("/r/nosuchcode")).res.headers.get("location")).toBe(`${stack().url}/`);
  });

  it.each([[0], [91], [2.5], ["30"]])("refuses a window of %j days with a 400 sentence", async (days) => {
    const res = await call(stack(), "PUT", "/api/affiliates/settings", {
      cookie: sam.cookie,
      body: { affiliate_cookie_days: days },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("affiliate_cookie_days must be a whole number of days from 1 to 90.");
  });
});

describe("money", () => {
  it("a sale through the link records the affiliate and the commission, rounded down, and moves the balance", async () => {
    const { jar } = await follow(`/r/${codes[ivy.email]}?product=${productId}`);
    const sale = await buy(jar);
    // 15% of 1999 cents is 299.85: rounded down.
    expect(sale).toMatchObject({ affiliate_id: ids[ivy.email], affiliate_email: ivy.email, commission: 299 });
    await settle();
    expect(await mine(ivy.email)).toMatchObject({ sales: 1, earned: { usd: 299 }, due: { usd: 299 } });
  });

  it("last click wins", async () => {
    const first = await follow(`/r/${codes[ivy.email]}`);
    const second = await follow(`/r/${codes[kim.email]}`, first.jar);
    const sale = await buy(second.jar);
    expect(sale).toMatchObject({ affiliate_id: ids[kim.email], commission: 599 });
  });

  it("the checkout keeps the rate it began with", async () => {
    const { jar } = await follow(`/r/${codes[kim.email]}`);
    const started = await call(stack(), "POST", "/api/checkout/create-session", {
      body: { productId },
      headers: { cookie: jar },
    });
    expect(
      (
        await call(stack(), "PUT", `/api/affiliates/${ids[kim.email]}`, {
          cookie: sam.cookie,
          body: { commission_percent: 50 },
        })
      ).status,
    ).toBe(200);
    const back = await payOnHostedPage(started.json.url, "late@example.com");
    await settle();
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    const sale = (await PurchaseEntity.get({ id: new URL(back).searchParams.get("session_id")! }).go()).data!;
    expect(sale.commission).toBe(599);
  });

  it("no commission on the affiliate's own purchase, while paused, or without a link", async () => {
    const { jar } = await follow(`/r/${codes[ivy.email]}`);
    expect((await buy(jar, ivy.email)).commission).toBeUndefined();
    expect(
      (
        await call(stack(), "PUT", `/api/affiliates/${ids[ivy.email]}`, {
          cookie: sam.cookie,
          body: { status: "paused" },
        })
      ).status,
    ).toBe(200);
    expect((await buy(jar)).affiliate_id).toBeUndefined();
    expect((await follow(`/r/${codes[ivy.email]}`)).set).toBeNull();
    expect((await buy("")).affiliate_id).toBeUndefined();
    await call(stack(), "PUT", `/api/affiliates/${ids[ivy.email]}`, { cookie: sam.cookie, body: { status: "active" } });
  });

  it("a refund takes the commission back, once", async () => {
    const { jar } = await follow(`/r/${codes[ivy.email]}`);
    const before = (await mine(ivy.email)).earned.usd;
    const sale = await buy(jar);
    await settle();
    expect((await mine(ivy.email)).earned.usd).toBe(before + 299);
    const refund = () =>
      call(stack(), "POST", `/api/sales/${encodeURIComponent(sale.id)}/refund`, { cookie: sam.cookie });
    expect((await refund()).status).toBe(200);
    await settle();
    await refund();
    await settle();
    expect(await mine(ivy.email)).toMatchObject({ earned: { usd: before }, sales: 1 });
  });
});

describe("payouts and the affiliate's own figures", () => {
  const due = async () => (await call(stack(), "GET", "/api/affiliates/payouts/due", { cookie: sam.cookie })).json.due;
  const pay = (who: Person, id: string, body: unknown) =>
    call(stack(), "POST", `/api/affiliates/${id}/payouts`, { cookie: who.cookie, body });

  it("lists what is due per affiliate and currency, to the PayPal e-mail the affiliate set", async () => {
    const saved = await call(stack(), "PUT", "/api/affiliate/payout-details", {
      cookie: ivy.cookie,
      body: { paypal_email: " Ivy.PayPal@Example.com " },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await due()).toEqual([
      { affiliate_id: ids[kim.email], email: kim.email, paypal_email: kim.email, due: { usd: 1198 } },
      { affiliate_id: ids[ivy.email], email: ivy.email, paypal_email: "ivy.paypal@example.com", due: { usd: 299 } },
    ]);
    const csv = await call(stack(), "GET", "/api/affiliates/payouts/due.csv", { cookie: sam.cookie });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.text).toBe(
      `${kim.email},11.98,USD,Affiliate commission\r\nivy.paypal@example.com,2.99,USD,Affiliate commission\r\n`,
    );
  });

  it("records a payout no larger than what is due, and refuses another creator", async () => {
    const over = await pay(sam, ids[ivy.email]!, { amount: 300, currency: "usd", note: "November" });
    expect(over.status).toBe(400);
    expect(over.json.error).toBe("You can record at most 2.99 USD: that is what this affiliate is due.");
    expect((await pay(sam, ids[ivy.email]!, { amount: 10, currency: "eur" })).json.error).toBe(
      "Nothing is due to this affiliate in EUR.",
    );
    const foreign = await pay(kim, ids[ivy.email]!, { amount: 1, currency: "usd" });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error).toBe("This affiliate works with another creator: you can't see or change it.");
    const paid = await pay(sam, ids[ivy.email]!, { amount: 299, currency: "USD", note: "November" });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json.figures).toMatchObject({ earned: { usd: 299 }, paid: { usd: 299 }, due: {} });
    // The payout joins the affiliate's history; the refused ones left nothing there.
    expect((await mine(ivy.email)).payouts).toEqual([
      { amount: 299, currency: "usd", paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), note: "November" },
    ]);
    expect((await due()).map((r: { email: string }) => r.email)).toEqual([kim.email]);
    expect((await pay(sam, ids[ivy.email]!, { amount: 1, currency: "usd" })).json.error).toBe(
      "Nothing is due to this affiliate in USD.",
    );
  });

  it.each([
    [{ amount: 0, currency: "usd" }, "amount must be a whole number of minor units (cents), at least 1."],
    [{ amount: 1.5, currency: "usd" }, "amount must be a whole number of minor units (cents), at least 1."],
    [{ amount: 1, currency: "xyz" }, "currency must be one of: usd, eur, gbp, cad, aud, jpy."],
  ])("refuses the payout %j with a 400 sentence", async (body, error) => {
    const res = await pay(sam, ids[kim.email]!, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(error);
  });

  it("the affiliate sees their link and figures, and never another affiliate's", async () => {
    const mine = (await call(stack(), "GET", "/api/affiliate/programs", { cookie: ivy.cookie })).json.programs;
    expect(mine).toEqual([
      expect.objectContaining({
        id: ids[ivy.email],
        creator: { id: sam.id, name: "sam.affiliates" },
        link: `${stack().url}/r/${codes[ivy.email]}`,
        earned: { usd: 299 },
        paid: { usd: 299 },
        due: {},
        paypal_email: "ivy.paypal@example.com",
        payouts: [expect.objectContaining({ amount: 299, currency: "usd", note: "November" })],
      }),
    ]);
    const other = await call(stack(), "GET", `/api/affiliate/programs/${ids[ivy.email]}`, { cookie: kim.cookie });
    expect(other.status).toBe(403);
    expect(other.json.error).toBe("These are another affiliate's figures: you can only see your own.");
    const bad = await call(stack(), "PUT", "/api/affiliate/payout-details", {
      cookie: sam.cookie,
      body: { paypal_email: "sam@example.com" },
    });
    expect(bad.json.error).toBe("You are not anyone's affiliate yet: accept an invitation first.");
  });
});

describe("API v1 and the sale object", () => {
  it("sales name the affiliate and the commission; GET /api/v1/affiliates lists them with their figures", async () => {
    const key = (await call(stack(), "POST", "/api/api-keys", { cookie: sam.cookie, body: { name: "aff" } })).json.key;
    const v1 = async (path: string) =>
      (await call(stack(), "GET", `/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } })).json;
    const sales = (await v1("/sales?limit=100")).data as { affiliate: unknown; customer_email: string }[];
    expect(sales.find((s) => s.customer_email === "late@example.com")!.affiliate).toEqual({
      id: ids[kim.email],
      email: kim.email,
      commission: { amount: 599, currency: "usd" },
    });
    expect(sales.find((s) => s.customer_email === ivy.email)!.affiliate).toBeNull();
    const history = (await call(stack(), "GET", "/api/sales-history", { cookie: sam.cookie })).json.sales;
    expect(history.filter((s: { affiliate: unknown }) => s.affiliate).length).toBe(4);
    const list = (await v1("/affiliates")).data;
    expect(list.map((a: { email: string }) => a.email)).toEqual([kim.email, ivy.email]);
    expect(list[0]).toMatchObject({
      status: "active",
      commission_percent: 50,
      earned: { usd: 1198 },
      due: { usd: 1198 },
    });
  });
});
