import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { sandboxEvents } from "@payloft/local/stripe-sandbox/testing";
import { signInSellingCreator, signInWithRole, stripeSecretOf, type Person } from "./actors";
import { advanceClock, recurringProduct, subscribe } from "./memberships";
import { postSellerEvent, sellerStripe } from "./seller-stripe";

/**
 * The buyer's and the creator's membership APIs, role by role: the portal's list, cancel (at
 * the period's end) and resume; the creator's members list with filters and cancel (at the
 * period's end or now). Actions are made on the seller's Stripe and show at once.
 */
const stack = useStack();
let sam: Person;
let bob: Person;
let mia: Person;
let cara: Person;
let productId: string;
let membershipId: string;
let accessUrl: string;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-apis@example.com");
  bob = await signInSellingCreator(stack(), "bob-apis@example.com");
  mia = await signInWithRole(stack(), "mia-apis@example.com", "customer");
  cara = await signInWithRole(stack(), "cara-apis@example.com", "customer");
  productId = await recurringProduct(stack(), sam, "Pro Letters", {
    tiers: [{ id: "pro", name: "Pro", prices: [{ interval: "year", amount: "90" }] }],
  });
  ({ id: membershipId, accessUrl } = await subscribe(stack(), mia, productId, "pro", "year"));
});

const mine = async (who: Person) =>
  (await call(stack(), "GET", "/api/customer/memberships", { cookie: who.cookie })).json;

describe("GET /api/customer/memberships", () => {
  it("lists the buyer's own memberships with tier, interval, status, period end and next amount", async () => {
    expect((await mine(mia)).memberships[0]).toMatchObject({
      product_id: productId,
      product_name: "Pro Letters",
      tier: "pro",
      tier_name: "Pro",
      interval: "year",
      status: "active",
      amount: 9000,
      next_amount: 9000,
      currency: "usd",
      current_period_end: expect.stringMatching(/^\d{4}-/),
    });
    expect((await mine(cara)).memberships).toEqual([]);
  });

  it("is for signed-in customers only", async () => {
    expect((await call(stack(), "GET", "/api/customer/memberships")).status).toBe(401);
    expect((await call(stack(), "GET", "/api/customer/memberships", { cookie: sam.cookie })).status).toBe(403);
  });
});

describe("the provider's events arrive after the actions they report", () => {
  it("a resume stays resumed when the cancel's own event is delivered after it, from the same second", async () => {
    const seller = await sellerStripe(sam.id, stripeSecretOf(sam));
    const sent = sandboxEvents(stack(), membershipId).length;
    await seller.webhooks(false);
    try {
      const act = (what: string) =>
        call(stack(), "POST", `/api/customer/memberships/${membershipId}/${what}`, { cookie: mia.cookie });
      expect((await act("cancel")).json.membership.status).toBe("canceled");
      expect((await act("resume")).json.membership.status).toBe("active");
    } finally {
      await seller.webhooks(true);
    }
    // What Stripe sent about the cancel while the endpoint was off, delivered now: late, and first.
    const late = sandboxEvents(stack(), membershipId)
      .slice(sent)
      .find((r) => r.event.type === "customer.subscription.updated" && r.event.data.object.cancel_at_period_end);
    expect(late, "the cancel's customer.subscription.updated").toBeDefined();
    const res = await postSellerEvent(stack(), sam.id, late!.event);
    expect(res.status, await res.text()).toBe(200);
    await stack().settled();
    expect((await mine(mia)).memberships[0]).toMatchObject({ status: "active", cancel_at_period_end: false });
  });
});

describe("POST /api/customer/memberships/{id}/cancel and /resume", () => {
  it("another buyer gets 404 and nothing changes", async () => {
    const res = await call(stack(), "POST", `/api/customer/memberships/${membershipId}/cancel`, {
      cookie: cara.cookie,
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("Membership not found.");
    expect((await mine(mia)).memberships[0].status).toBe("active");
  });

  it("cancels at the period's end (access kept), and resumes before it ends", async () => {
    const res = await call(stack(), "POST", `/api/customer/memberships/${membershipId}/cancel`, { cookie: mia.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.json.membership).toMatchObject({ status: "canceled", cancel_at_period_end: true, next_amount: null });
    await stack().settled();
    expect((await mine(mia)).memberships[0].status).toBe("canceled");
    expect((await fetch(accessUrl, { redirect: "manual" })).status).toBe(302);
    const back = await call(stack(), "POST", `/api/customer/memberships/${membershipId}/resume`, {
      cookie: mia.cookie,
    });
    expect(back.status, back.text).toBe(200);
    expect(back.json.membership).toMatchObject({ status: "active", cancel_at_period_end: false });
    await stack().settled();
    expect((await mine(mia)).memberships[0].status).toBe("active");
  });
});

describe("the creator's members", () => {
  const list = (who: Person, query = "") => call(stack(), "GET", `/api/memberships${query}`, { cookie: who.cookie });

  it("lists only the creator's own members, filtered by status and tier", async () => {
    expect((await list(sam)).json.memberships.map((m: { id: string }) => m.id)).toEqual([membershipId]);
    expect((await list(sam, "?status=active&tier=pro")).json.memberships).toHaveLength(1);
    expect((await list(sam, "?status=ended")).json.memberships).toHaveLength(0);
    expect((await list(bob)).json.memberships).toEqual([]);
    const bad = await list(sam, "?status=paused");
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("status must be trialing, active, past_due, canceled or ended.");
    expect((await list(mia)).status).toBe(403);
    expect((await call(stack(), "GET", "/api/memberships")).status).toBe(401);
  });

  it("another creator cannot cancel it; bad input is a 400 sentence", async () => {
    const foreign = await call(stack(), "POST", `/api/memberships/${membershipId}/cancel`, {
      cookie: bob.cookie,
      body: {},
    });
    expect(foreign.status).toBe(404);
    const bad = await call(stack(), "POST", `/api/memberships/${membershipId}/cancel`, {
      cookie: sam.cookie,
      body: { at_period_end: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("at_period_end must be true or false.");
    expect((await mine(mia)).memberships[0].status).toBe("active");
  });

  it("API v1 lists, reads and cancels the key owner's own members only", async () => {
    const keyOf = async (who: Person) =>
      (await call(stack(), "POST", "/api/api-keys", { cookie: who.cookie, body: { name: "members" } })).json.key;
    const [samKey, bobKey] = [await keyOf(sam), await keyOf(bob)];
    const v1 = (key: string, method: string, path: string, body?: unknown) =>
      call(stack(), method, `/api/v1${path}`, { headers: { authorization: `Bearer ${key}` }, body });
    const listed = await v1(samKey, "GET", "/memberships?status=active");
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json).toMatchObject({
      data: [{ id: membershipId, amount: 9000, status: "active" }],
      next_cursor: null,
    });
    expect((await v1(samKey, "GET", `/memberships/${membershipId}`)).json).toMatchObject({
      id: membershipId,
      tier: "pro",
    });
    expect((await v1(bobKey, "GET", "/memberships")).json.data).toEqual([]);
    expect((await v1(bobKey, "GET", `/memberships/${membershipId}`)).status).toBe(404);
    expect((await v1(bobKey, "POST", `/memberships/${membershipId}/cancel`, {})).status).toBe(404);
    const canceled = await v1(samKey, "POST", `/memberships/${membershipId}/cancel`, {});
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.json).toMatchObject({ id: membershipId, status: "canceled", cancel_at_period_end: true });
    // Back as it was for the next test: the buyer resumes.
    const back = await call(stack(), "POST", `/api/customer/memberships/${membershipId}/resume`, {
      cookie: mia.cookie,
    });
    expect(back.json.membership.status).toBe("active");
    const doc = (await call(stack(), "GET", "/api/v1/openapi.json")).json;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/v1/memberships", "/api/v1/memberships/{id}", "/api/v1/memberships/{id}/cancel"]),
    );
  });

  it("the product cannot be deleted while it has members; the creator ends one now: access ends, no second cancel", async () => {
    const kept = await call(stack(), "DELETE", `/api/products/${productId}`, { cookie: sam.cookie });
    expect(kept.status).toBe(409);
    expect(kept.json.error).toBe(
      "This product has 1 member. Deleting it cancels every membership at the end of the period paid for (members keep access until then): confirm with cancel_memberships=true, or cancel them in Dashboard → Members first.",
    );
    const res = await call(stack(), "POST", `/api/memberships/${membershipId}/cancel`, {
      cookie: sam.cookie,
      body: { at_period_end: false },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.membership.status).toBe("ended");
    await stack().settled();
    expect((await fetch(accessUrl, { redirect: "manual" })).status).toBe(410);
    const again = await call(stack(), "POST", `/api/customer/memberships/${membershipId}/cancel`, {
      cookie: mia.cookie,
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("This membership has already ended.");
    await stack().settled();
    const gone = await call(stack(), "DELETE", `/api/products/${productId}`, { cookie: sam.cookie });
    expect(gone.status, gone.text).toBe(200);
  });
});

describe("DELETE /api/products/{id}?cancel_memberships=true", () => {
  it("cancels every member at the period's end at the provider, then deletes; members keep access until the end", async () => {
    const club = await recurringProduct(stack(), sam, "Closing Club", {
      tiers: [{ id: "club", name: "Club", prices: [{ interval: "month", amount: "5" }] }],
    });
    const first = await subscribe(stack(), mia, club, "club", "month");
    const second = await subscribe(stack(), cara, club, "club", "month");
    const del = (query: string, cookie = sam.cookie) =>
      call(stack(), "DELETE", `/api/products/${club}${query}`, { cookie });
    // Not confirmed, or confirmed by someone else: nothing changes.
    expect((await del("")).status).toBe(409);
    const bad = await del("?cancel_memberships=yes");
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("cancel_memberships must be true or false.");
    expect((await del("?cancel_memberships=true", bob.cookie)).status).toBe(404);
    const { stripe } = await sellerStripe(sam.id, stripeSecretOf(sam));
    expect((await stripe.subscriptions.retrieve(first.id)).cancel_at_period_end).toBe(false);

    const gone = await del("?cancel_memberships=true");
    expect(gone.status, gone.text).toBe(200);
    const left = (await call(stack(), "GET", "/api/products", { cookie: sam.cookie })).json;
    expect(left.map((p: { id: string }) => p.id)).not.toContain(club);
    for (const m of [first, second]) {
      expect((await stripe.subscriptions.retrieve(m.id)).cancel_at_period_end).toBe(true);
      expect((await fetch(m.accessUrl, { redirect: "manual" })).status).not.toBe(410);
    }
    expect((await mine(cara)).memberships.find((m: { id: string }) => m.id === second.id)).toMatchObject({
      status: "canceled",
      cancel_at_period_end: true,
    });
    // The period ends: so does each membership, and its access.
    await advanceClock(stack(), 32 * 86400);
    for (const m of [first, second]) expect((await fetch(m.accessUrl, { redirect: "manual" })).status).toBe(410);
  });
});
