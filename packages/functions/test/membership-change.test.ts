import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { signInSellingCreator, signInWithRole, type Person } from "./actors";
import { useHookReceiver } from "./hook-receiver";
import { recurringProduct, subscribe } from "./memberships";

/**
 * POST /api/customer/memberships/{id}/change, role by role: only the buyer changes their own
 * membership; bad choices are 400 sentences and change nothing; a change of interval is made on
 * the seller's Stripe, prorated and invoiced at once: the stored plan moves, the invoice is one
 * sale (the new price less the unused time, not a second full charge) and membership.changed
 * reaches the seller's endpoint.
 */
const stack = useStack();
const hook = useHookReceiver();
let sam: Person;
let mia: Person;
let cara: Person;
let membershipId: string;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-change@example.com");
  mia = await signInWithRole(stack(), "mia-change@example.com", "customer");
  cara = await signInWithRole(stack(), "cara-change@example.com", "customer");
  const endpoint = await call(stack(), "POST", "/api/webhook-endpoints", {
    cookie: sam.cookie,
    body: { url: hook.url(), events: ["membership.changed", "sale.completed"] },
  });
  if (endpoint.status !== 201) throw new Error(endpoint.text);
  const productId = await recurringProduct(stack(), sam, "Change Club", {
    tiers: [
      {
        id: "basic",
        name: "Basic",
        prices: [
          { interval: "month", amount: "5" },
          { interval: "year", amount: "50" },
        ],
      },
      { id: "pro", name: "Pro", prices: [{ interval: "month", amount: "12" }] },
    ],
  });
  ({ id: membershipId } = await subscribe(stack(), mia, productId, "basic", "month"));
});

const change = (who: Person | null, body: unknown) =>
  call(stack(), "POST", `/api/customer/memberships/${membershipId}/change`, {
    ...(who ? { cookie: who.cookie } : {}),
    body,
  });
const mine = async () =>
  (await call(stack(), "GET", "/api/customer/memberships", { cookie: mia.cookie })).json.memberships[0];
const sales = async () =>
  (await call(stack(), "GET", "/api/sales-history", { cookie: sam.cookie })).json.sales as {
    id: string;
    amount: number;
    renewal: boolean;
    charge_kind: string | null;
    membership_id: string | null;
  }[];

describe("the plans a member may change to", () => {
  it("the buyer's list carries the provider and every plan of the product today, in minor units", async () => {
    expect(await mine()).toMatchObject({
      provider: "stripe",
      plans: [
        { tier: "basic", tier_name: "Basic", interval: "month", amount: 500 },
        { tier: "basic", tier_name: "Basic", interval: "year", amount: 5000 },
        { tier: "pro", tier_name: "Pro", interval: "month", amount: 1200 },
      ],
    });
  });
});

describe("POST /api/customer/memberships/{id}/change", () => {
  it("is the buyer's own: 401 signed out, 403 for a creator, 404 for another buyer; nothing changes", async () => {
    const yearly = { tier: "basic", interval: "year" };
    expect((await change(null, yearly)).status).toBe(401);
    expect((await change(sam, yearly)).status).toBe(403);
    const foreign = await change(cara, yearly);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("Membership not found.");
    expect(await mine()).toMatchObject({ tier: "basic", interval: "month", amount: 500 });
  });

  it("answers a bad choice with a 400 sentence and changes nothing", async () => {
    const cases: [unknown, string][] = [
      [{ tier: "gold", interval: "month" }, 'This membership has no tier "gold". Choose one of: basic, pro.'],
      [{ tier: "pro", interval: "year" }, 'The tier "Pro" is not sold by the year. Choose: month.'],
      [{ tier: "basic", interval: "month" }, "You are already on Basic, paid monthly."],
      [{ interval: "year" }, "Please choose a membership tier: basic, pro."],
      [{ tier: 7, interval: "year" }, "tier must be the id of one of the membership's tiers."],
    ];
    for (const [body, error] of cases) {
      const res = await change(mia, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(error);
    }
    expect(await mine()).toMatchObject({ tier: "basic", interval: "month", amount: 500 });
  });

  it("monthly to yearly: the plan moves at once, one prorated sale, and membership.changed", async () => {
    const before = await sales();
    const res = await change(mia, { tier: "basic", interval: "year" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.membership).toMatchObject({
      tier: "basic",
      tier_name: "Basic",
      interval: "year",
      status: "active",
      amount: 5000,
      next_amount: 5000,
    });
    const changed = await whenSettled(
      stack(),
      "membership.changed",
      () => hook.received.filter((r) => r.event.type === "membership.changed"),
      (l) => l.length > 0,
    );
    expect(changed[0]!.event.data.membership).toMatchObject({ id: membershipId, interval: "year", amount: 5000 });
    expect(await mine()).toMatchObject({ interval: "year", amount: 5000 });
    // The change's invoice: a year's price less the unused month, charged once; a later sale of
    // the membership (`renewal`), but one of kind plan change, which Sales History shows as such.
    const added = (await sales()).filter((s) => !before.some((b) => b.id === s.id));
    expect(added).toEqual([expect.objectContaining({ amount: 4500, renewal: true, charge_kind: "plan_change" })]);
    // Its receipt says the plan changed, to what, and what the amount is: not a welcome.
    const receipts = () => stack().outbox.messages.filter((m) => m.to === mia.email && /Change Club/.test(m.subject));
    await expect.poll(() => receipts().map((m) => m.subject)).toContain("Your plan for Change Club changed: receipt");
    const receipt = receipts().find((m) => m.subject === "Your plan for Change Club changed: receipt")!;
    expect(receipt.text).toContain("changed to Basic, paid yearly.");
    expect(receipt.text).toContain("The amount paid is the difference for the change");
    expect(receipt.text).toContain("Amount paid: $45.00");
    expect(receipt.text).not.toContain("Thank you for your membership");
    expect(receipt.html).toContain("Your plan changed");
  });

  it("to another tier of the same interval: the tier's name shows", async () => {
    const res = await change(mia, { tier: "pro", interval: "month" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.membership).toMatchObject({ tier: "pro", tier_name: "Pro", interval: "month", amount: 1200 });
  });

  it("a canceled membership is resumed before its plan changes", async () => {
    const cancel = await call(stack(), "POST", `/api/customer/memberships/${membershipId}/cancel`, {
      cookie: mia.cookie,
    });
    expect(cancel.status, cancel.text).toBe(200);
    const res = await change(mia, { tier: "basic", interval: "month" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("This membership is canceled: resume it before you change its plan.");
    expect(await mine()).toMatchObject({ tier: "pro", status: "canceled" });
  });
});
