import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { productBody, signInSellingCreator, type Person } from "./actors";

/**
 * Launch day for a limited code: buyers race for a code with ten times fewer uses
 * than buyers, through the real checkout route, on the local DynamoDB that cancels conflicting
 * transactions and throttles a hot partition as DynamoDB does (dynamo-front/). Exactly the
 * limit get the discount, every other buyer gets the sentence the checkout shows when a code is
 * used up (never a 503 "busy" or a 500), and the code's count, its reservations, the buyers'
 * holds and the checkout records agree. 10 buyers are in flight at once, all racing for the
 * code's one item: enough that their transactions cancel one another every round (asserted),
 * few enough that DynamoDB Local on a loaded CI machine (load 20) is not the bottleneck: with 25
 * at once there, a transaction took long enough that 28 of 200 buyers ran out of attempts
 * (503 busy), which measures the machine, not the code. 200 buyers keep the test to seconds.
 * `npm run bench -- discount` runs the launch's size: 1,000 buyers for a 100-use code.
 */
const stack = useStack();
let sal: Person;
let guide = "";

const BUYERS = 200;
const USES = 20;
const IN_FLIGHT = 10;

beforeAll(async () => {
  sal = await signInSellingCreator(stack(), "sal.launch@example.com");
  const res = await call(stack(), "POST", "/api/products", {
    cookie: sal.cookie,
    body: { ...productBody(), price: "20" },
  });
  guide = res.json.id;
});

/** Runs `each` for 0..n-1 with at most `width` running at a time. */
async function pool<T>(n: number, width: number, each: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await each(i);
      }
    }),
  );
  return out;
}

describe("a launch races for a limited code", () => {
  it(`${BUYERS} buyers, a ${USES}-use code: exactly ${USES} discounts, the used-up sentence for the rest, nothing half-written`, async () => {
    const made = await call(stack(), "POST", "/api/discounts", {
      cookie: sal.cookie,
      body: { code: "LAUNCH", percent_off: 50, max_redemptions: USES },
    });
    expect(made.status, made.text).toBe(201);
    const discountId = made.json.discount.id as string;
    const before = stack().dynamoFront.state.stats.snapshot();

    const answers = await pool(BUYERS, IN_FLIGHT, (i) =>
      call(stack(), "POST", "/api/checkout/create-session", {
        body: { productId: guide, discount_code: "launch" },
        // Every buyer on an address of their own: one address may hold only two of a code's uses.
        headers: { [VIEWER_ADDRESS_HEADER]: `10.27.${i >> 8}.${i & 255}` },
      }),
    );
    const outcomes = new Map<string, number>();
    for (const r of answers) {
      const k = r.status === 200 ? "200" : `${r.status} ${r.json?.error}`;
      outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    }
    const after = stack().dynamoFront.state.stats.snapshot();
    // The race was real: transactions on the code were cancelled by one another.
    expect(after.transactionConflicts - before.transactionConflicts).toBeGreaterThan(0);
    expect(Object.fromEntries(outcomes)).toEqual({
      "200": USES,
      "400 The code LAUNCH has been used up.": BUYERS - USES,
    });

    const { CheckoutEntity, DiscountEntity } = await import("@payloft/core/db/entities");
    const { reservationsOf, holdsOf } = await import("@payloft/core/discount/shards");
    const code = (await DiscountEntity.get({ id: discountId }).go({ consistent: true })).data!;
    const reservations = await reservationsOf(discountId);
    const holds = await holdsOf(discountId);
    // Spread over the code's partitions, not all in one (20 random hex digits: 1 in 16^19 to fail).
    expect(new Set(reservations.map((r) => r.shard)).size).toBeGreaterThan(1);
    const checkouts = (
      await CheckoutEntity.scan.where((a, op) => op.eq(a.discount_code, "LAUNCH")).go({ pages: "all" })
    ).data;
    expect(code.redemptions).toBe(USES);
    // Each use taken belongs to one checkout the buyer got, at half price; no use without one.
    expect(reservations.map((r) => r.checkout_id).sort()).toEqual(checkouts.map((c) => c.session_id).sort());
    expect(new Set(checkouts.map((c) => c.discount_reservation?.id)).size).toBe(USES);
    expect(checkouts.every((c) => c.amount === 1000)).toBe(true);
    expect(holds.reduce((n, h) => n + h.open, 0)).toBe(USES);
  }, 240_000);
});

describe("a used-up code answers from its own item", () => {
  it("a use whose checkout never got created comes back once its hour of grace is over, not before", async () => {
    const made = await call(stack(), "POST", "/api/discounts", {
      cookie: sal.cookie,
      body: { code: "ORPHAN", percent_off: 50, max_redemptions: 1 },
    });
    const id = made.json.discount.id as string;
    const { DiscountEntity, DiscountReservationEntity } = await import("@payloft/core/db/entities");
    const { reserve } = await import("@payloft/core/discount/redeem");
    const { reservationsOf } = await import("@payloft/core/discount/shards");
    // The process stopped between taking the use and creating the checkout.
    const code = (await DiscountEntity.get({ id }).go({ consistent: true })).data!;
    await reserve(code);
    const buy = () =>
      call(stack(), "POST", "/api/checkout/create-session", {
        body: { productId: guide, discount_code: "ORPHAN" },
        headers: { [VIEWER_ADDRESS_HEADER]: "10.28.0.1" },
      });
    expect((await buy()).json.error).toBe("The code ORPHAN has been used up.");
    const taken = (await DiscountEntity.get({ id }).go({ consistent: true })).data!;
    const [orphan] = await reservationsOf(id);
    expect(taken.reclaim_after).toBe(orphan!.releasable_after);

    // An hour later (both times moved back by it): the use comes back and the next buyer gets it.
    const hourAgo = (iso: string) => new Date(Date.parse(iso) - 61 * 60_000).toISOString();
    await DiscountReservationEntity.patch({ discount_id: id, shard: orphan!.shard!, id: orphan!.id })
      .set({ releasable_after: hourAgo(orphan!.releasable_after) })
      .go();
    await DiscountEntity.patch({ id })
      .set({ reclaim_after: hourAgo(taken.reclaim_after!) })
      .go();
    const again = await buy();
    expect(again.status, again.text).toBe(200);
    const after = (await DiscountEntity.get({ id }).go({ consistent: true })).data!;
    expect(after.redemptions).toBe(1);
    expect(after.reclaim_after! > new Date().toISOString()).toBe(true);
  });
});
