import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { CheckoutEntity, MembershipEntity, PurchaseEntity, UserEntity } from "@payloft/core/db/entities";
import { productBody, makeAffiliate, signInSellingCreator, signInWithRole, type Person } from "./actors";
import { advanceClock } from "./memberships";

/**
 * A member brought by an affiliate earns them a commission on every charge: the membership
 * checkout (Stripe and PayPal) snapshots the affiliate and rate like a one-time checkout, the
 * membership keeps them from its start, and the first charge and each renewal (a sandbox
 * invoice.paid on this file's own stack clock) credit the affiliate.
 */
const stack = useStack();
const DAY = 86400;
let sam: Person; // sells on Stripe
let pam: Person; // sells on PayPal
let kim: Person;
let lee: Person;
const products: Record<string, string> = {};
const codes: Record<string, string> = {};

async function affiliate(creator: Person, who: Person, percent: number) {
  codes[`${creator.email}/${who.email}`] = (await makeAffiliate(stack(), creator, who, percent)).code;
}

async function club(creator: Person, name: string, currency = "usd") {
  const made = await call(stack(), "POST", "/api/products", {
    cookie: creator.cookie,
    body: {
      ...productBody(name),
      currency,
      billing: "recurring",
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "10" }] }],
    },
  });
  expect(made.status, made.text).toBe(201);
  return made.json.id as string;
}

/** The cookie a click on the affiliate's link sets. */
async function clicked(creator: Person, who: Person) {
  const res = await call(stack(), "GET", `/r/${codes[`${creator.email}/${who.email}`]}`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

/** Subscribes with `jar` as the browser's cookies, pays (or approves) as `email`, and waits for the membership. */
async function subscribe(productId: string, jar: string, email: string) {
  const res = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId, tier: "basic", interval: "month" },
    headers: { cookie: jar },
  });
  expect(res.status, res.text).toBe(200);
  const form = new URLSearchParams({ email, card: "4242424242424242" });
  const paid = await fetch(res.json.url, { method: "POST", body: form, redirect: "manual" });
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get("location")!).searchParams.get("session_id")!;
  expect((await call(stack(), "GET", `/api/checkout/success?session_id=${sessionId}`)).status).toBe(200);
  const membership = await whenSettled(
    stack(),
    "membership",
    async () => (await MembershipEntity.query.byCustomer({ customer_email: email }).go()).data[0],
    (m) => !!m,
  );
  return { sessionId, membership: membership! };
}

const chargesOf = async (membershipId: string) =>
  (await PurchaseEntity.scan.where((a, op) => op.eq(a.membership_id, membershipId)).go({ pages: "all" })).data.sort(
    (a, b) => a.created_at.localeCompare(b.created_at),
  );
const program = async (who: Person, creator: Person) =>
  (await call(stack(), "GET", "/api/affiliate/programs", { cookie: who.cookie })).json.programs.find(
    (p: { creator: { id: string } }) => p.creator.id === creator.id,
  );

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam.aff-members@example.com");
  pam = await signInWithRole(stack(), "pam.aff-members@example.com", "creator");
  await UserEntity.patch({ id: pam.id }).set({ plan: "business" }).go();
  const saved = await call(stack(), "POST", "/api/payment-integration", {
    cookie: pam.cookie,
    body: {
      provider: "paypal",
      is_live: false,
      is_active: true,
      paypal_client_id: "pam-aff-members",
      paypal_client_secret: "pam-secret",
    },
  });
  expect(saved.status, saved.text).toBe(200);
  kim = await signInWithRole(stack(), "kim.aff-members@example.com", "customer");
  lee = await signInWithRole(stack(), "lee.aff-members@example.com", "customer");
  products.stripe = await club(sam, "Letters Club", "gbp");
  products.paypal = await club(pam, "Garden Club");
  await affiliate(sam, kim, 20);
  await affiliate(pam, lee, 15);
});

describe("an affiliate's member", () => {
  it("on Stripe: the checkout and the membership keep the affiliate; the first charge and each renewal credit them", async () => {
    const { sessionId, membership } = await subscribe(products.stripe!, await clicked(sam, kim), "mia.am@example.com");
    const record = (await CheckoutEntity.get({ session_id: sessionId }).go()).data;
    expect(record).toMatchObject({ kind: "membership", affiliate_percent: 20 });
    expect(membership).toMatchObject({ affiliate_id: record!.affiliate_id, affiliate_percent: 20 });
    // A later rate does not touch the member the affiliate brought at 20%.
    const changed = await call(stack(), "PUT", `/api/affiliates/${record!.affiliate_id}`, {
      cookie: sam.cookie,
      body: { commission_percent: 50 },
    });
    expect(changed.status, changed.text).toBe(200);
    // This stack's own sandbox clock: a month and a day later Stripe sends invoice.paid for the renewal.
    await advanceClock(stack(), 31 * DAY);
    const charges = await chargesOf(membership.id);
    expect(charges.map((c) => [c.amount, c.renewal ?? false, c.commission, c.affiliate_id])).toEqual([
      [1000, false, 200, record!.affiliate_id],
      [1000, true, 200, record!.affiliate_id],
    ]);
    expect(await program(kim, sam)).toMatchObject({ sales: 2, earned: { gbp: 400 }, due: { gbp: 400 } });
    // The creator refunds the renewal: its commission is taken back, once.
    const renewal = charges[1]!;
    expect((await call(stack(), "POST", `/api/sales/${renewal.id}/refund`, { cookie: sam.cookie })).status).toBe(200);
    expect((await call(stack(), "POST", `/api/sales/${renewal.id}/refund`, { cookie: sam.cookie })).status).toBe(409);
    await stack().settled();
    expect(await program(kim, sam)).toMatchObject({ sales: 1, earned: { gbp: 200 }, due: { gbp: 200 } });
    // The creator's Affiliates section shows the same, and the recount agrees with the fold.
    const listed = (await call(stack(), "GET", "/api/affiliates", { cookie: sam.cookie })).json.affiliates;
    expect(listed.find((a: { id: string }) => a.id === record!.affiliate_id)).toMatchObject({
      sales: 1,
      earned: { gbp: 200 },
      due: { gbp: 200 },
    });
    const { Recount } = await import("@payloft/core/recount/index");
    expect((await Recount.run({ creatorId: sam.id })).differences).toEqual([]);
  });

  it("a member who came without a link credits no one", async () => {
    const { membership } = await subscribe(products.stripe!, "", "noa.am@example.com");
    expect(membership.affiliate_id).toBeUndefined();
    expect((await chargesOf(membership.id)).map((c) => c.commission)).toEqual([undefined]);
  });

  it("on PayPal: the subscription's checkout keeps the affiliate, and its first charge credits them", async () => {
    const { sessionId, membership } = await subscribe(products.paypal!, await clicked(pam, lee), "max.am@example.com");
    const record = (await CheckoutEntity.get({ session_id: sessionId }).go()).data;
    expect(record).toMatchObject({ kind: "membership", provider: "paypal", affiliate_percent: 15 });
    expect(membership).toMatchObject({ provider: "paypal", affiliate_id: record!.affiliate_id });
    const charges = await chargesOf(membership.id);
    expect(charges.map((c) => [c.amount, c.commission])).toEqual([[1000, 150]]);
    expect(await program(lee, pam)).toMatchObject({ sales: 1, earned: { usd: 150 } });
  });
});
