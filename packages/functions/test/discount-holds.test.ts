import { beforeAll, describe, expect, it } from "vitest";
import { connectPayPal } from "@payloft/local/testing/payment";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage, settle } from "@payloft/local/stripe-sandbox/testing";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { productBody, signInSellingCreator, signInWithRole, stripeSecretOf, type Person } from "./actors";

/**
 * A limited discount code cannot be used up by checkouts nobody pays: a checkout is payable
 * 30 minutes (Stripe's shortest), its use comes back as soon as the provider says it expired
 * (Stripe's checkout.session.expired, PayPal's voided order) or the reconciler closes it, one
 * address holds at most two of a code's uses in unpaid checkouts, and the count stays exact
 * when all of it happens at once. Through the real routes, sandboxes, bus and subscribers.
 */
const stack = useStack();
let sal: Person;
let guide = "";

let addresses = 0;
const nextAddress = () => `203.0.113.${++addresses}`;
const buy = (code: string, address = nextAddress(), productId = guide) =>
  call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId, discount_code: code },
    headers: { [VIEWER_ADDRESS_HEADER]: address },
  });
const sessionOf = (url: string) => decodeURIComponent(url.split("/pay/")[1]!);

async function code(body: Record<string, unknown>, who = sal) {
  const res = await call(stack(), "POST", "/api/discounts", { cookie: who.cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.json.discount.id as string;
}
async function counts(discountId: string) {
  const { DiscountEntity } = await import("@payloft/core/db/entities");
  const { reservationsOf, holdsOf } = await import("@payloft/core/discount/shards");
  const d = (await DiscountEntity.get({ id: discountId }).go({ consistent: true })).data!;
  const held = await reservationsOf(discountId);
  const holds = await holdsOf(discountId);
  return { redemptions: d.redemptions, reservations: held.length, holding: holds.reduce((n, h) => n + h.open, 0) };
}
/** Stripe expires the session (as it does at its expires_at), sending checkout.session.expired. */
async function expireAtStripe(who: Person, sessionId: string) {
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  await stripeClient(stripeSecretOf(who)).checkout.sessions.expire(sessionId);
}

beforeAll(async () => {
  sal = await signInSellingCreator(stack(), "sal.holds@example.com");
  const res = await call(stack(), "POST", "/api/products", {
    cookie: sal.cookie,
    body: { ...productBody(), price: "20" },
  });
  guide = res.json.id;
});

describe("unpaid checkouts give a limited code's uses back", () => {
  it("a checkout opened before reservations were sharded gives its use back from the old partition", async () => {
    const id = await code({ code: "BEFORE", percent_off: 20, max_redemptions: 1 });
    const address = nextAddress();
    const started = await buy("BEFORE", address);
    expect(started.status, started.text).toBe(200);
    const session = sessionOf(started.json.url);
    const entities = await import("@payloft/core/db/entities");
    const { reservationsOf, shardOf } = await import("@payloft/core/discount/shards");
    // Stored as the code before sharding stored it: one partition per code, no shard on the record.
    const [r] = await reservationsOf(id);
    const holder = r!.holder!;
    await entities.DiscountReservationEntity.delete({ discount_id: id, shard: r!.shard!, id: r!.id }).go();
    await entities.DiscountHoldEntity.delete({ discount_id: id, shard: shardOf(holder), holder }).go();
    await entities.LegacyDiscountReservationEntity.create({
      discount_id: id,
      id: r!.id,
      holder,
      checkout_id: session,
      releasable_after: r!.releasable_after,
    }).go();
    await entities.LegacyDiscountHoldEntity.create({ discount_id: id, holder, open: 1 }).go();
    await entities.CheckoutEntity.patch({ session_id: session })
      .set({ discount_reservation: { discount_id: id, id: r!.id, holder } })
      .go();
    expect(await counts(id)).toEqual({ redemptions: 1, reservations: 1, holding: 1 });
    expect((await buy("BEFORE")).json.error).toBe("The code BEFORE has been used up.");

    await expireAtStripe(sal, session);
    await settle(stack());
    expect(await counts(id)).toEqual({ redemptions: 0, reservations: 0, holding: 0 });
    const again = await buy("BEFORE", address);
    expect(again.status, again.text).toBe(200);
    expect(await counts(id)).toEqual({ redemptions: 1, reservations: 1, holding: 1 });
  });

  it("a checkout is payable 30 minutes (Stripe's shortest), and its use comes back when Stripe says it expired", async () => {
    const id = await code({ code: "THREE", percent_off: 20, max_redemptions: 3 });
    const started = await Promise.all([buy("THREE"), buy("THREE"), buy("THREE")]);
    expect(started.map((r) => r.status)).toEqual([200, 200, 200]);
    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const session = await stripeClient(stripeSecretOf(sal)).checkout.sessions.retrieve(sessionOf(started[0]!.json.url));
    const life = session.expires_at - session.created;
    expect(life).toBeGreaterThanOrEqual(30 * 60);
    expect(life).toBeLessThanOrEqual(31 * 60);
    expect((await buy("THREE")).json.error).toBe("The code THREE has been used up.");

    await expireAtStripe(sal, sessionOf(started[0]!.json.url));
    await settle(stack());
    expect(await counts(id)).toEqual({ redemptions: 2, reservations: 2, holding: 2 });
    const again = await buy("THREE");
    expect(again.status, again.text).toBe(200);
    // The expiry delivered again changes nothing more.
    await expireAtStripe(sal, sessionOf(again.json.url));
    await settle(stack());
    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    const first = (await CheckoutEntity.get({ session_id: sessionOf(started[0]!.json.url) }).go()).data!;
    expect(first.closed_at).toBeTruthy();
    expect(await counts(id)).toEqual({ redemptions: 2, reservations: 2, holding: 2 });
  });

  it("a paid checkout keeps its use; only the address's hold on the code goes down", async () => {
    const id = await code({ code: "PAIDKEEP", percent_off: 10, max_redemptions: 2 });
    const address = nextAddress();
    const one = await buy("PAIDKEEP", address);
    await payOnHostedPage(one.json.url, "keeper@example.com");
    await settle(stack());
    expect(await counts(id)).toEqual({ redemptions: 1, reservations: 0, holding: 0 });
    await expireAtStripe(sal, sessionOf((await buy("PAIDKEEP", address)).json.url));
    await settle(stack());
    expect(await counts(id)).toEqual({ redemptions: 1, reservations: 0, holding: 0 });
  });
});

describe("one address holds at most two of a code's uses in unpaid checkouts", () => {
  it("the third is refused with a sentence; another address goes on; paying or expiry frees a place", async () => {
    const id = await code({ code: "HOARD", percent_off: 30, max_redemptions: 10 });
    const me = nextAddress();
    const [a, b] = [await buy("HOARD", me), await buy("HOARD", me)];
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await buy("HOARD", me);
    expect(third.status).toBe(429);
    expect(third.json.error).toBe(
      "You already have 2 unpaid checkouts with the code HOARD. Finish paying one, or wait for them to expire (30 minutes).",
    );
    expect((await buy("HOARD")).status).toBe(200);
    expect(await counts(id)).toEqual({ redemptions: 3, reservations: 3, holding: 3 });
    await payOnHostedPage(a.json.url, "hoarder@example.com");
    await settle(stack());
    expect((await buy("HOARD", me)).status).toBe(200);
    expect((await buy("HOARD", me)).status).toBe(429);
  });

  it("ten checkouts at once from one address: exactly two, and the count is exact", async () => {
    const id = await code({ code: "RUSH", percent_off: 30, max_redemptions: 10 });
    const me = nextAddress();
    const all = await Promise.all(Array.from({ length: 10 }, () => buy("RUSH", me)));
    expect(all.filter((r) => r.status === 200)).toHaveLength(2);
    expect(all.filter((r) => r.status === 429)).toHaveLength(8);
    expect(await counts(id)).toEqual({ redemptions: 2, reservations: 2, holding: 2 });
  });

  it("an IPv6 address counts by its /64 (one subscriber's network), an IPv4 address written as IPv6 as itself", async () => {
    const id = await code({ code: "SIXTYFOUR", percent_off: 30, max_redemptions: 20 });
    const statuses = async (...from: string[]) => {
      const out: number[] = [];
      for (const address of from) out.push((await buy("SIXTYFOUR", address)).status);
      return out;
    };
    // Rotating the interface identifier inside one /64 (any host can) does not buy a third hold.
    expect(await statuses("2001:db8:7:1::1", "2001:DB8:7:1:0:0:0:2", "2001:db8:7:1:ffff:1:2:3")).toEqual([
      200, 200, 429,
    ]);
    // The next /64 is someone else.
    expect(await statuses("2001:db8:7:2::1")).toEqual([200]);
    // An IPv4 buyer seen once as IPv4 and once in IPv4-mapped form is one buyer.
    expect(await statuses("198.51.100.7", "::ffff:198.51.100.7", "::ffff:c633:6407")).toEqual([200, 200, 429]);
    expect(await counts(id)).toEqual({ redemptions: 5, reservations: 5, holding: 5 });
  });
});

describe("exact under concurrency", () => {
  it("eight buyers race for five uses, then all five checkouts expire at once: every count ends at zero", async () => {
    const id = await code({ code: "FIVE", percent_off: 15, max_redemptions: 5 });
    const all = await Promise.all(Array.from({ length: 8 }, () => buy("FIVE")));
    const won = all.filter((r) => r.status === 200);
    expect(won).toHaveLength(5);
    expect(all.filter((r) => r.status !== 200).map((r) => r.json.error)).toEqual(
      Array(3).fill("The code FIVE has been used up."),
    );
    expect(await counts(id)).toEqual({ redemptions: 5, reservations: 5, holding: 5 });
    await Promise.all(won.map((r) => expireAtStripe(sal, sessionOf(r.json.url))));
    await settle(stack());
    expect(await counts(id)).toEqual({ redemptions: 0, reservations: 0, holding: 0 });
  });
});

describe("PayPal", () => {
  it("a voided order gives its use back; one past Payloft's deadline is closed by the reconciler", async () => {
    const pat = await signInWithRole(stack(), "pat.holds@example.com", "creator");
    await connectPayPal(stack(), pat, "pat-holds");
    const product = await call(stack(), "POST", "/api/products", {
      cookie: pat.cookie,
      body: { ...productBody(), price: "20" },
    });
    const id = await code({ code: "PPTWO", percent_off: 10, max_redemptions: 2 }, pat);
    const [voided, late] = [
      await buy("PPTWO", nextAddress(), product.json.id),
      await buy("PPTWO", nextAddress(), product.json.id),
    ];
    expect([voided.status, late.status]).toEqual([200, 200]);
    expect(await counts(id)).toMatchObject({ redemptions: 2 });

    const orderId = new URL(voided.json.url).searchParams.get("token")!;
    expect((await fetch(`${stack().paypal.url}/__sandbox/orders/${orderId}/void`, { method: "POST" })).status).toBe(
      200,
    );
    for (let i = 0; i < 3; i++) {
      await stack().paypal.idle();
      await settle(stack());
    }
    expect(await counts(id)).toEqual({ redemptions: 1, reservations: 1, holding: 1 });

    const { CheckoutEntity, OpenCheckoutEntity } = await import("@payloft/core/db/entities");
    const { openCheckoutKey, openCheckoutOf } = await import("@payloft/core/checkout/open");
    const lateId = new URL(late.json.url).searchParams.get("token")!;
    const [record] = (await CheckoutEntity.scan.where((a, op) => op.eq(a.provider_ref, lateId)).go({ pages: "all" }))
      .data;
    const expired = new Date(Date.now() - 5 * 60_000).toISOString();
    await OpenCheckoutEntity.delete(openCheckoutKey(record!.session_id, record!.session_expires_at!)).go();
    await CheckoutEntity.patch({ session_id: record!.session_id }).set({ session_expires_at: expired }).go();
    await OpenCheckoutEntity.create(openCheckoutOf({ ...record!, session_expires_at: expired })!).go();
    const run = await stack().schedules.run("ReconcileCheckouts");
    expect((run.result as { closed: string[] }).closed).toContain(record!.session_id);
    expect(await counts(id)).toEqual({ redemptions: 0, reservations: 0, holding: 0 });
  });
});
