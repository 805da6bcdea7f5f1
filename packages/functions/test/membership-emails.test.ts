import { beforeAll, describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";
import { MembershipEntity } from "@payloft/core/db/entities";
import { stripeClient } from "@payloft/core/payment/stripe";
import { signInSellingCreator, stripeSecretOf, type Person } from "./actors";
import { advanceClock, recurringProduct, subscribeWithCard } from "./memberships";

/**
 * The e-mails a member gets beyond the receipts, from the seller's signed Stripe events through
 * the membership.* domain events: "payment failed" (when the card is tried again, and what to
 * do), "canceled" (access until the period's end) and "ended", each once however often its event
 * is delivered, and none for news the membership has since moved past; and the reminder a week
 * before a yearly renewal, which the scheduled job sends as the sandbox's clock reaches it.
 */
const stack = useStack();
const DAY = 86400;
let sam: Person;
let productId: string;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-member-mail@example.com");
  productId = await recurringProduct(stack(), sam, "Night Owls", {
    trial_days: 7,
    tiers: [{ id: "owl", name: "Owl", prices: [{ interval: "month", amount: "9" }] }],
  });
});

const stripe = () => stripeClient(stripeSecretOf(sam));
const advance = (seconds: number) => advanceClock(stack(), seconds);
const mailsTo = (to: string, subject: RegExp) =>
  stack().outbox.messages.filter((m) => m.to === to && subject.test(m.subject));
const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

const subscribe = async (email: string, card?: string) =>
  (await subscribeWithCard(stack(), productId, "owl", email, card)).membership;

describe("a member's e-mails", () => {
  it("a failing card: 'payment failed' at each retried attempt with its next date and what to do, then 'ended' once", async () => {
    const buyer = "fay@example.com";
    const m = await subscribe(buyer, "4000000000000341");
    await advance(8 * DAY);
    const failed = mailsTo(buyer, /^Your payment for Night Owls failed$/);
    expect(failed).toHaveLength(1);
    const text = failed[0]!.text;
    expect(text).toContain("We couldn't take the payment of $9.00 for your membership of Night Owls (Owl)");
    // The first attempt was at the trial's end; the retry schedule tries again 3 days later.
    const sub = await stripe().subscriptions.retrieve(m.id);
    expect(sub.status).toBe("past_due");
    const invoice = await stripe().invoices.retrieve(sub.latest_invoice as string);
    expect(invoice.next_payment_attempt).toBe(sub.trial_end! + 3 * DAY);
    expect(text).toContain(`we will try the same card again on ${day(invoice.next_payment_attempt!)}`);
    expect(text).toContain("What to do: make sure the card can be charged");
    expect(text).toContain("/customer-dashboard");
    expect(failed[0]!.replyTo).toBe(sam.email);

    // The retries (3, 5 and 7 days apart) fail too: a notice at each, then the membership ends.
    // The clock walks one retry at a time, as days pass for a real member. Jumped in one step, the
    // sandbox delivers every attempt and the end together, and a notice processed after the end
    // is rightly not sent (news the membership has moved past: "ended" says it all).
    await advance(3 * DAY);
    expect(mailsTo(buyer, /^Your payment for Night Owls failed$/)).toHaveLength(2);
    await advance(5 * DAY);
    expect(mailsTo(buyer, /^Your payment for Night Owls failed$/)).toHaveLength(3);
    expect((await MembershipEntity.get({ id: m.id }).go()).data?.status).toBe("past_due");
    await advance(12 * DAY);
    expect((await MembershipEntity.get({ id: m.id }).go()).data?.status).toBe("ended");
    expect(mailsTo(buyer, /^Your payment for Night Owls failed$/)).toHaveLength(3);
    const ended = mailsTo(buyer, /^Your membership of Night Owls has ended$/);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toContain("its link and licence key no longer work");
    expect(ended[0]!.text).toContain(`/product/${productId}`);
  });

  it("canceled at the period's end: 'canceled' with the date access lasts until, then 'ended' once", async () => {
    const buyer = "cal@example.com";
    const m = await subscribe(buyer);
    // The welcome receipt never promises access for good: it lasts as long as the membership.
    const welcome = mailsTo(buyer, /^Your receipt: Night Owls/);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.text).toContain("Your access lasts as long as your membership");
    expect(welcome[0]!.text).not.toMatch(/access is permanent/i);
    const sub = await stripe().subscriptions.update(m.id, { cancel_at_period_end: true });
    await stack().settled();
    const canceled = mailsTo(buyer, /^Your membership of Night Owls is canceled$/);
    expect(canceled).toHaveLength(1);
    expect(canceled[0]!.text).toContain(`You keep access until ${day(sub.trial_end!)}.`);
    expect(canceled[0]!.text).toContain("you will not be charged again");

    await advance(8 * DAY);
    expect(mailsTo(buyer, /^Your membership of Night Owls has ended$/)).toHaveLength(1);
    expect(mailsTo(buyer, /failed$/)).toHaveLength(0);
  });

  it("a redelivered event sends nothing again, and a cancel the buyer has since undone sends nothing", async () => {
    const buyer = "rey@example.com";
    const m = await subscribe(buyer);
    const { MembershipCanceled, MembershipEnded } = await import("@payloft/core/bus/events");
    const { Bus } = await import("@payloft/core/bus/index");
    const stored = (await MembershipEntity.get({ id: m.id }).go()).data!;
    const event = {
      provider: "stripe" as const,
      provider_event_id: "evt_cancel_then_resumed",
      occurred_at: stored.provider_time - 10,
      seller_id: sam.id,
      membership_id: m.id,
      product_id: productId,
      state: {
        status: "canceled" as const,
        current_period_end: stored.provider_time + 7 * DAY,
        cancel_at_period_end: true,
        amount: 900,
        currency: "usd",
        tier: "owl",
        interval: "month" as const,
      },
    };
    // Older than the state held (trialing, not canceled): the buyer resumed since. No e-mail.
    await Bus.publishAll([{ def: MembershipCanceled, properties: event }]);
    await stack().settled();
    expect(mailsTo(buyer, /is canceled$/)).toHaveLength(0);

    // The same cancel, newer than the state held: one e-mail, however often it is delivered.
    const fresh = { ...event, provider_event_id: "evt_cancel_fresh", occurred_at: stored.provider_time + 1 };
    await Bus.publishAll([{ def: MembershipCanceled, properties: fresh }]);
    await Bus.publishAll([{ def: MembershipCanceled, properties: fresh }]);
    await stack().settled();
    expect(mailsTo(buyer, /is canceled$/)).toHaveLength(1);

    // The end, told twice by two events: one e-mail.
    const end = { ...fresh, state: { ...fresh.state, status: "ended" as const }, occurred_at: fresh.occurred_at + 5 };
    await Bus.publishAll([{ def: MembershipEnded, properties: { ...end, provider_event_id: "evt_end_1" } }]);
    await Bus.publishAll([{ def: MembershipEnded, properties: { ...end, provider_event_id: "evt_end_2" } }]);
    await stack().settled();
    expect(mailsTo(buyer, /has ended$/)).toHaveLength(1);
  });
});

describe("the reminder a week before a yearly renewal", () => {
  it("is sent once per renewal, in the product's currency, with the amount, the date and how to cancel; not to a member who canceled or pays monthly", async () => {
    const yearly = await recurringProduct(stack(), sam, "Almanac Guild", {
      currency: "eur",
      tiers: [
        {
          id: "sage",
          name: "Sage",
          prices: [
            { interval: "month", amount: "19" },
            { interval: "year", amount: "190" },
          ],
        },
      ],
    });
    const join = async (email: string, interval: string) =>
      (await subscribeWithCard(stack(), yearly, "sage", email, undefined, interval)).membership;
    const ada = await join("ada-yearly@example.com", "year");
    const ben = await join("ben-yearly@example.com", "year");
    const mo = await join("mo-monthly@example.com", "month");
    await stripe().subscriptions.update(ben.id, { cancel_at_period_end: true });
    const reminders = (to: string) => mailsTo(to, /^Your membership of Almanac Guild renews on /);
    const end = Date.parse(ada.current_period_end) / 1000;

    // Eight days before the renewal: not yet.
    const now = await advance(0);
    await advance(end - 8 * DAY - now);
    expect(reminders(ada.customer_email)).toHaveLength(0);

    // Six days before: one, however often the job runs in the week.
    await advance(2 * DAY);
    await stack().schedules.run("RenewalReminders", { time: new Date((end - 6 * DAY) * 1000).toISOString() });
    await advance(DAY);
    const sent = reminders(ada.customer_email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your membership of Almanac Guild renews on ${day(end)}`);
    expect(sent[0]!.text).toContain(
      `Your yearly membership of Almanac Guild (Sage) renews on ${day(end)}, and €190.00 will then be charged for the next year`,
    );
    expect(sent[0]!.text).toContain(`Cancel it in your customer portal before ${day(end)}`);
    expect(sent[0]!.text).toContain("/customer-dashboard");
    expect(sent[0]!.replyTo).toBe(sam.email);
    expect(reminders(ben.customer_email)).toHaveLength(0);
    expect(reminders(mo.customer_email)).toHaveLength(0);

    // Renewed, the next year's renewal gets its own reminder, once.
    await advance(6 * DAY);
    const renewed = (await MembershipEntity.get({ id: ada.id }).go()).data!;
    const next = Date.parse(renewed.current_period_end) / 1000;
    expect(next).toBeGreaterThan(end);
    await advance(next - 6 * DAY - end);
    expect(reminders(ada.customer_email)).toHaveLength(2);
    expect(reminders(ada.customer_email)[1]!.subject).toBe(`Your membership of Almanac Guild renews on ${day(next)}`);
  });
});
