import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { makeAffiliate, signInSellingCreator, signInWithRole, type Person } from "./actors";

/**
 * `npm run recount -- --fix` while sales that credit an affiliate are being written. A sale's
 * figures follow its purchase through the table's stream (core/src/tally), a moment later; a
 * recount that looks in that moment sees the affiliate's counter short of the purchases. Whatever
 * the interleaving, the fix must never count a sale the fold is about to count, nor overwrite a
 * counter that moved under it: once everything has settled, the affiliate's sales and commission
 * per currency are exactly what the purchases say, and a last recount finds nothing to fix.
 */
const stack = useStack();

let sam: Person; // selling creator
let ivy: Person; // affiliate, 20%
let affiliateId = "";
let code = "";
const products: Record<"usd" | "eur", string> = { usd: "", eur: "" };

async function core() {
  stack();
  const { CounterEntity } = await import("@payloft/core/db/entities");
  const { Recount } = await import("@payloft/core/recount/index");
  return { CounterEntity, Recount };
}

/** A buyer follows the affiliate's link to `productId` and pays on the hosted page (not waiting for the figures). */
async function buyThroughLink(productId: string, email: string) {
  const link = await call(stack(), "GET", `/r/${code}?product=${productId}`);
  const jar = link.headers.get("set-cookie")!.split(";")[0]!;
  const started = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId },
    headers: { cookie: jar },
  });
  expect(started.status, started.text).toBe(200);
  await payOnHostedPage(started.json.url, email);
}

const counter = async () =>
  (await (await core()).CounterEntity.get({ scope: `affiliate#${affiliateId}` }).go()).data as unknown as Record<
    string,
    number | undefined
  >;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam.recount-race@example.com");
  ivy = await signInWithRole(stack(), "ivy.recount-race@example.com", "customer");
  for (const [currency, price] of [
    ["usd", "20.00"],
    ["eur", "9.50"],
  ] as const) {
    const made = await call(stack(), "POST", "/api/products", {
      cookie: sam.cookie,
      body: {
        name: `Kit ${currency}`,
        price,
        currency,
        content_url: "https://files.example.com/kit.zip",
        media_type: "none",
      },
    });
    expect(made.status, made.text).toBe(201);
    products[currency] = made.json.id;
  }
  ({ id: affiliateId, code } = await makeAffiliate(stack(), sam, ivy, 20));
  await buyThroughLink(products.usd, "first@example.com");
  await stack().settled();
}, 120_000);

/** Sales through the link, all at once, and the recount's fix again and again until they are recorded. */
async function salesWithFixes(buyers: [keyof typeof products, string][], settled: () => Promise<void>) {
  const { Recount } = await core();
  let selling = true;
  const sales = Promise.all(buyers.map(([currency, email]) => buyThroughLink(products[currency], email)))
    .then(settled)
    .finally(() => (selling = false));
  const fixes = (async () => {
    const reports = [];
    do reports.push(await Recount.run({ creatorId: sam.id, fix: true }));
    while (selling);
    return reports;
  })();
  return (await Promise.all([sales, fixes]))[1];
}

const area = async () =>
  (await call(stack(), "GET", "/api/affiliates", { cookie: sam.cookie })).json.affiliates.find(
    (a: { id: string }) => a.id === affiliateId,
  );

describe("recount --fix during affiliate sales", () => {
  it("leaves the affiliate's sales and commission per currency exactly what the purchases say", async () => {
    const { Recount } = await core();
    expect(await counter()).toMatchObject({ sales: 1, commission: 400 });
    // Four sales at once (two currencies) and, until they are recorded and folded, the fix.
    const reports = await salesWithFixes(
      [
        ["usd", "ann@example.com"],
        ["eur", "bob@example.com"],
        ["usd", "cat@example.com"],
        ["eur", "dan@example.com"],
      ],
      () => stack().settled(),
    );
    await stack().settled();
    expect(await counter()).toMatchObject({ sales: 5, commission: 1200, commission_eur: 380 });
    expect(await area()).toMatchObject({ sales: 5, earned: { usd: 1200, eur: 380 } });
    // Nothing was ever there to fix: every difference seen was a sale on its way to the figures.
    expect(reports.reduce((n, r) => n + r.fixed, 0)).toBe(0);
    expect((await Recount.run({ creatorId: sam.id })).differences).toEqual([]);
  });

  it("while the fold is behind (its stream mapping held): a recorded sale not folded yet is no difference", async () => {
    const { Recount } = await core();
    stack().stream.pause();
    try {
      // The purchases are all written (the bus has settled); their figures wait in the stream.
      const reports = await salesWithFixes(
        [
          ["usd", "eve@example.com"],
          ["eur", "fay@example.com"],
        ],
        () => stack().settled(),
      );
      const held = await Recount.run({ creatorId: sam.id, fix: true });
      expect(held).toMatchObject({ fixed: 0, differences: [] });
      expect(reports.reduce((n, r) => n + r.fixed, 0)).toBe(0);
      expect(await counter()).toMatchObject({ sales: 5, commission: 1200, commission_eur: 380 });
    } finally {
      stack().stream.resume();
    }
    await stack().settled();
    expect(await counter()).toMatchObject({ sales: 7, commission: 1600, commission_eur: 570 });
    expect(await area()).toMatchObject({ sales: 7, earned: { usd: 1600, eur: 570 } });
    expect(await Recount.run({ creatorId: sam.id, fix: true })).toMatchObject({ fixed: 0, differences: [] });
    expect((await Recount.run()).differences).toEqual([]);
  });
});
