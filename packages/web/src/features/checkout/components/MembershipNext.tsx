import type { SaleMembership } from "@payloft/core/membership/summary";
import { formatDate } from "@/lib/format";
import { formatCents } from "@/lib/money";
import { formatRecurring } from "@/lib/membership";

/**
 * What the success page says of a membership it started, truthfully: a free trial is not "free
 * content" but a subscription whose first charge is coming ("Your 7-day free trial has started.
 * First charge $9.00 on Dec 3, 2026, then $9 / month."), a paid start says when the next charge
 * is. Amounts in the membership's own currency.
 */
export function membershipHeadline(m: SaleMembership) {
  return m.trial_end ? "Your free trial has started!" : "Payment Successful!";
}

export function membershipSentences(m: SaleMembership): string[] {
  const name = `${m.product_name} (${m.tier_name})`;
  const then = formatRecurring(m.amount, m.currency, m.interval);
  const charge = formatCents(m.next_amount ?? m.amount, m.currency);
  if (m.trial_end) {
    return [
      `Your ${m.trial_days ? `${m.trial_days}-day ` : ""}free trial of ${name} has started. Nothing was charged today.`,
      m.cancel_at_period_end
        ? `It will not renew: you have access until ${formatDate(m.trial_end)}.`
        : `First charge ${charge} on ${formatDate(m.trial_end)}, then ${then}. Cancel before then in your customer portal and you pay nothing.`,
    ];
  }
  if (m.status === "active" || m.status === "past_due")
    return [
      `Your membership of ${name} has started.`,
      `Next charge ${charge} on ${formatDate(m.current_period_end)} (${then}).`,
    ];
  return [`Your membership of ${name}: access until ${formatDate(m.current_period_end)}.`];
}

/** The "Next steps" line about access: a membership's lasts while it runs, a purchase's for good. */
export function AccessLine({ membership }: { membership: SaleMembership | null | undefined }) {
  return membership ? (
    <>
      Your access lasts as long as your membership: see, cancel or resume it under Memberships in your customer portal.
    </>
  ) : (
    <>Your access is permanent: the link keeps working, with no recurring fees.</>
  );
}
