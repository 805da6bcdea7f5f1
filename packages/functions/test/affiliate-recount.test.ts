import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage, refundInDashboard } from "@payloft/local/stripe-sandbox/testing";
import { makeAffiliate, signInSellingCreator, signInWithRole, type Person } from "./actors";

/**
 * npm run recount and the affiliates' figures: each affiliate's counter (sales, commission per
 * currency, paid per currency) is recomputed from the purchases they brought (a refunded one
 * reversed) and the payouts recorded to them; a counter edited behind the fold's back is
 * reported and, with `fix`, corrected, and a second run changes nothing. Clicks are the
 * counter's own record (their items expire) and are left alone.
 */
const stack = useStack();
const settle = () => stack().settled();

let sam: Person; // selling creator
let ivy: Person; // affiliate, 20%
let affiliateId = "";
let code = "";
const products: Record<"usd" | "eur", string> = { usd: "", eur: "" };

async function core() {
  stack();
  const { CounterEntity, PurchaseEntity } = await import("@payloft/core/db/entities");
  const { Recount } = await import("@payloft/core/recount/index");
  return { CounterEntity, PurchaseEntity, Recount };
}

/** A buyer follows the affiliate's link to `productId` and pays; answers the purchase. */
async function buyThroughLink(productId: string, email: string) {
  const link = await call(stack(), "GET", `/r/${code}?product=${productId}`);
  const jar = link.headers.get("set-cookie")!.split(";")[0]!;
  const started = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId },
    headers: { cookie: jar },
  });
  expect(started.status, started.text).toBe(200);
  const back = await payOnHostedPage(started.json.url, email);
  await settle();
  const { PurchaseEntity } = await core();
  return (await PurchaseEntity.get({ id: new URL(back).searchParams.get("session_id")! }).go()).data!;
}

const counter = async () =>
  (await (await core()).CounterEntity.get({ scope: `affiliate#${affiliateId}` }).go()).data as unknown as Record<
    string,
    number | undefined
  >;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam.recount@example.com");
  ivy = await signInWithRole(stack(), "ivy.recount@example.com", "customer");
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

  // Two $20 sales and one €9.50 through the link, one $20 refunded, €1.00 recorded as paid.
  const first = await buyThroughLink(products.usd, "ann@example.com");
  await buyThroughLink(products.usd, "bob@example.com");
  expect(await buyThroughLink(products.eur, "cat@example.com")).toMatchObject({ commission: 190 });
  await refundInDashboard(stack(), first.payment_intent!);
  await settle();
  const paid = await call(stack(), "POST", `/api/affiliates/${affiliateId}/payouts`, {
    cookie: sam.cookie,
    body: { amount: 100, currency: "eur", note: "November" },
  });
  expect(paid.status, paid.text).toBe(201);
}, 120_000);

describe("recount of affiliate figures", () => {
  it("agrees with the fold after sales, a refund and a payout", async () => {
    const { Recount } = await core();
    expect(await counter()).toMatchObject({ sales: 2, commission: 400, commission_eur: 190, paid_eur: 100 });
    expect((await Recount.run({ creatorId: sam.id })).differences).toEqual([]);
    expect((await Recount.run()).differences).toEqual([]);
  });

  it("reports a drifted counter, corrects it with fix, and a second run changes nothing", async () => {
    const { CounterEntity, Recount } = await core();
    const clicks = (await counter()).clicks ?? 0;
    const scope = `affiliate#${affiliateId}`;
    await CounterEntity.update({ scope })
      .add({ sales: 3, commission: -150, commission_eur: 7, paid_eur: 50, paid: 25, clicks: 4 } as never)
      .go();

    const report = await Recount.run({ creatorId: sam.id });
    expect(report.differences).toEqual([
      { holder: "counter", key: scope, field: "sales", stored: 5, expected: 2 },
      { holder: "counter", key: scope, field: "commission", stored: 250, expected: 400 },
      { holder: "counter", key: scope, field: "commission_eur", stored: 197, expected: 190 },
      { holder: "counter", key: scope, field: "paid", stored: 25, expected: 0 },
      { holder: "counter", key: scope, field: "paid_eur", stored: 150, expected: 100 },
    ]);
    // The whole platform's recount reads every seller's affiliates too.
    expect((await Recount.run()).differences).toHaveLength(5);

    const fixed = await Recount.run({ creatorId: sam.id, fix: true });
    expect(fixed).toMatchObject({ fixed: 5, differences: [] });
    // Clicks are not the records' to decide: the drift stays.
    expect(await counter()).toMatchObject({
      sales: 2,
      commission: 400,
      commission_eur: 190,
      paid: 0,
      paid_eur: 100,
      clicks: clicks + 4,
    });
    const area = await call(stack(), "GET", "/api/affiliates", { cookie: sam.cookie });
    expect(area.json.affiliates.find((a: { id: string }) => a.id === affiliateId)).toMatchObject({
      sales: 2,
      earned: { usd: 400, eur: 190 },
      paid: { eur: 100 },
      due: { usd: 400, eur: 90 },
    });

    const again = await Recount.run({ creatorId: sam.id, fix: true });
    expect(again).toMatchObject({ fixed: 0, differences: [] });
    expect((await Recount.run()).differences).toEqual([]);
  });
});
