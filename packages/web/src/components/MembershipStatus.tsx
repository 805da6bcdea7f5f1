import type { MembershipInfo } from "@payloft/core/membership/shape";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { formatDate } from "@/lib/format";
import { formatRecurring } from "@/lib/membership";

/**
 * A membership's status as a badge, its price per period, and one sentence of what comes next,
 * shared by the buyer's portal and the creator's Members view. Amounts in the membership's own
 * currency ("$9 / month").
 */
const LOOK: Record<MembershipInfo["status"], { label: string; tone: BadgeTone }> = {
  trialing: { label: "Free trial", tone: "info" },
  active: { label: "Active", tone: "success" },
  past_due: { label: "Payment failed", tone: "warning" },
  canceled: { label: "Canceled", tone: "neutral" },
  ended: { label: "Ended", tone: "neutral" },
};

export function MembershipStatusBadge({ status }: { status: MembershipInfo["status"] }) {
  return <Badge tone={LOOK[status].tone}>{LOOK[status].label}</Badge>;
}

/** "$9 / month" */
export const membershipPrice = (m: MembershipInfo) => formatRecurring(m.amount, m.currency, m.interval);

/** What comes next: "Renews on Dec 26, 2026 for $9 / month", "Access until …; it will not renew". */
export function membershipTimeline(m: MembershipInfo): string {
  const end = formatDate(m.current_period_end);
  switch (m.status) {
    case "ended":
      return `Ended on ${formatDate(m.ended_at ?? m.current_period_end)}`;
    case "past_due":
      return "The last payment failed; it will be tried again. Update the payment method to pay it now.";
    case "trialing":
      return m.cancel_at_period_end
        ? `Free trial until ${end}; it will not renew`
        : `Free trial until ${end}, then ${formatRecurring(m.next_amount ?? m.amount, m.currency, m.interval)}`;
    default:
      return m.cancel_at_period_end || m.status === "canceled"
        ? `Access until ${end}; it will not renew`
        : `Renews on ${end} for ${formatRecurring(m.next_amount ?? m.amount, m.currency, m.interval)}`;
  }
}
