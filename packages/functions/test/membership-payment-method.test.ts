import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { signInSellingCreator, signInWithRole, type Person } from "./actors";
import { advanceClock, recurringProduct, subscribeWithCard } from "./memberships";

/**
 * POST /api/customer/memberships/{id}/payment-method, role by role: the buyer's own membership
 * answers a Stripe Billing Portal session on the seller's account; on its page a declined card
 * changes nothing, a good one replaces the card and pays the open invoice, so a past_due member
 * is active again (and that charge is a sale).
 */
const stack = useStack();
let sam: Person;
let mia: Person;
let cara: Person;
let membershipId: string;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-card@example.com");
  cara = await signInWithRole(stack(), "cara-card@example.com", "customer");
  const productId = await recurringProduct(stack(), sam, "Card Club", {
    trial_days: 7,
    tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "5" }] }],
  });
  // 4000 0000 0000 0341 attaches, then every charge on it fails: past_due when the trial ends.
  const { membership } = await subscribeWithCard(
    stack(),
    productId,
    "basic",
    "mia-card@example.com",
    "4000000000000341",
  );
  membershipId = membership.id;
  mia = await signInWithRole(stack(), "mia-card@example.com", "customer");
});

const portal = (who: Person | null) =>
  call(stack(), "POST", `/api/customer/memberships/${membershipId}/payment-method`, who ? { cookie: who.cookie } : {});
const mine = async () =>
  (await call(stack(), "GET", "/api/customer/memberships", { cookie: mia.cookie })).json.memberships[0];
const payOnPortal = (url: string, card: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ card }), redirect: "manual" });

describe("POST /api/customer/memberships/{id}/payment-method", () => {
  it("is the buyer's own: 401 signed out, 403 for a creator, 404 for another buyer", async () => {
    expect((await portal(null)).status).toBe(401);
    expect((await portal(sam)).status).toBe(403);
    const foreign = await portal(cara);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("Membership not found.");
  });

  it("a past_due member replaces the card on the seller's portal and is active again", async () => {
    await advanceClock(stack(), 8 * 86400);
    expect(await mine()).toMatchObject({ status: "past_due" });
    const res = await portal(mia);
    expect(res.status, res.text).toBe(200);
    const url: string = res.json.url;
    expect(url.startsWith(`${stack().stripe.url}/p/session/bps_`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Update payment method");

    const declined = await payOnPortal(url, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    await stack().settled();
    expect(await mine()).toMatchObject({ status: "past_due" });

    const paid = await payOnPortal(url, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(/\/customer-dashboard\?tab=memberships$/);
    const after = await whenSettled(stack(), "active again", mine, (m) => m.status === "active");
    expect(after).toMatchObject({ status: "active", next_amount: 500 });
    const sales = (await call(stack(), "GET", "/api/sales-history", { cookie: sam.cookie })).json.sales;
    expect(sales.filter((s: { renewal: boolean }) => s.renewal)).toEqual([
      expect.objectContaining({ amount: 500, membership_id: membershipId }),
    ]);
  });

  describe("the URL is short-lived, as Stripe's portal sessions are", () => {
    afterEach(() => vi.useRealTimers());
    // The sandbox runs in this process and reads the wall clock, as Stripe's sessions do.
    const later = (minutes: number) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + minutes * 60_000);
    };

    it("a URL not opened within 5 minutes is dead; a fresh one from the API works", async () => {
      const stale: string = (await portal(mia)).json.url;
      later(6);
      const dead = await fetch(stale);
      expect(dead.status).toBe(410);
      expect(await dead.text()).toContain("This session has expired");
      expect((await payOnPortal(stale, "4242 4242 4242 4242")).status).toBe(410);
      vi.useRealTimers();
      // Every click on "Update payment method" asks the API for a new session.
      const fresh: string = (await portal(mia)).json.url;
      expect(fresh).not.toBe(stale);
      expect((await fetch(fresh)).status).toBe(200);
    });

    it("an opened session lasts an hour, then expires", async () => {
      const url: string = (await portal(mia)).json.url;
      expect((await fetch(url)).status).toBe(200);
      later(30);
      expect((await fetch(url)).status).toBe(200);
      later(31);
      expect((await fetch(url)).status).toBe(410);
    });
  });
});
