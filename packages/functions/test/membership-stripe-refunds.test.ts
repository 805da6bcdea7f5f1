import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { productBody, signInSellingCreator, stripeSecretOf, type Person } from "./actors";
import { stripeClient } from "@payloft/core/payment/stripe";
import { advanceClock, subscribeWithCard } from "./memberships";

/**
 * A membership's charges on Stripe are sales like any other: the creator's Refund button takes
 * one back (the first charge or a renewal), and a refund made in the seller's Stripe dashboard
 * reaches the sale through the signed charge.refunded event. Neither carries a Checkout Session
 * of a payment (a renewal is an invoice's payment), so both go through the invoice.
 */
const stack = useStack();
const DAY = 86400;
let sam: Person;
let productId: string;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-member-refunds@example.com");
  const made = await call(stack(), "POST", "/api/products", {
    cookie: sam.cookie,
    body: {
      ...productBody("Refund Club"),
      billing: "recurring",
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: "7" }] }],
    },
  });
  if (made.status !== 201) throw new Error(made.text);
  productId = made.json.id;
});

type Sale = { id: string; amount: number; renewal: boolean; status: string; membership_id: string | null };
const salesOf = async (membershipId: string) =>
  ((await call(stack(), "GET", "/api/sales-history", { cookie: sam.cookie })).json.sales as Sale[]).filter(
    (s) => s.membership_id === membershipId,
  );

describe("refunds of a membership's Stripe charges", () => {
  it("the creator refunds the first charge and a renewal, each once", async () => {
    const { membership } = await subscribeWithCard(stack(), productId, "basic", "rita@example.com");
    await advanceClock(stack(), 31 * DAY);
    const sales = await salesOf(membership.id);
    expect(sales.map((s) => [s.amount, s.renewal]).sort()).toEqual([
      [700, false],
      [700, true],
    ]);
    for (const sale of sales) {
      const res = await call(stack(), "POST", `/api/sales/${sale.id}/refund`, { cookie: sam.cookie });
      expect(res.status, res.text).toBe(200);
      expect(res.json.purchase).toMatchObject({ id: sale.id, status: "refunded" });
      const again = await call(stack(), "POST", `/api/sales/${sale.id}/refund`, { cookie: sam.cookie });
      expect(again.status).toBe(409);
    }
    await stack().settled();
    expect((await salesOf(membership.id)).map((s) => s.status)).toEqual(["refunded", "refunded"]);
    // The buyer hears of each refund once, and that the membership goes on.
    const notices = stack().outbox.messages.filter(
      (m) => m.to === "rita@example.com" && /was refunded/.test(m.subject),
    );
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      expect(notice.text).toContain("the membership itself is unchanged");
      expect(notice.text).not.toContain("access to the content has ended");
    }
  });

  it("a refund made in the seller's Stripe dashboard refunds the renewal it paid", async () => {
    const { membership } = await subscribeWithCard(stack(), productId, "basic", "ron@example.com");
    await advanceClock(stack(), 31 * DAY);
    const renewal = (await salesOf(membership.id)).find((s) => s.renewal)!;
    const stripe = stripeClient(stripeSecretOf(sam));
    const invoice = await stripe.invoices.retrieve(renewal.id, { expand: ["payments"] });
    const paymentIntent = invoice.payments!.data[0]!.payment.payment_intent as string;
    await stripe.refunds.create({ payment_intent: paymentIntent });
    const after = await whenSettled(
      stack(),
      "the renewal refunded",
      () => salesOf(membership.id),
      (s) => s.some((x) => x.id === renewal.id && x.status === "refunded"),
    );
    expect(after.find((s) => !s.renewal)?.status).toBe("completed");
  });
});
