import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format";
import { MembershipStatusBadge, membershipPrice, membershipTimeline } from "@/components/MembershipStatus";
import { useState } from "react";
import { useMembershipAction, usePaymentMethod, type Membership } from "@/features/customer/api/memberships";
import { ChangePlanDialog } from "@/features/customer/components/ChangePlanDialog";

const failed = (err: Error) =>
  toast(err instanceof ApiError ? err.message : "Something went wrong. Please try again.", "error");

/**
 * Memberships in the buyer's portal: each with its tier, price per period, status and what comes
 * next (the renewal and its amount, or until when access lasts), with Cancel (at the period's
 * end: the buyer keeps what they paid for) or Resume (before it ends). The content itself is the
 * first purchase's access link, under My Products. A running membership can replace how it is
 * paid: on the seller's Stripe billing page, or on PayPal's page of that automatic payment (which
 * has no way back: the buyer returns with Back). A running Stripe one can also change plan
 * (prorated at once).
 */
export function MembershipsTab({ memberships }: { memberships: Membership[] }) {
  const cancel = useMembershipAction("cancel");
  const resume = useMembershipAction("resume");
  const card = usePaymentMethod();
  const [changing, setChanging] = useState<Membership | null>(null);
  return (
    <>
      {changing ? <ChangePlanDialog membership={changing} onClose={() => setChanging(null)} /> : null}
      <ul className="space-y-4" aria-label="Your memberships">
        {memberships.map((m) => (
          <li key={m.id}>
            <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{m.product_name}</span>
                  <MembershipStatusBadge status={m.status} />
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  {m.tier_name} · {membershipPrice(m)}
                </p>
                <p className="mt-1 text-sm text-slate-500">{membershipTimeline(m)}</p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {running(m) ? (
                  <Button
                    variant={m.status === "past_due" ? "primary" : "secondary"}
                    loading={card.isPending && card.variables === m.id}
                    onClick={() =>
                      card.mutate(m.id, { onSuccess: (url) => window.location.assign(url), onError: failed })
                    }
                  >
                    Update payment method
                  </Button>
                ) : null}
                {running(m) && m.plans.length > 1 ? (
                  <Button variant="secondary" onClick={() => setChanging(m)}>
                    Change plan
                  </Button>
                ) : null}
                {m.status !== "ended" &&
                  (m.cancel_at_period_end || m.status === "canceled" ? (
                    <Button
                      variant="secondary"
                      loading={resume.isPending && resume.variables === m.id}
                      onClick={() =>
                        resume.mutate(m.id, {
                          onSuccess: () => toast(`Your membership of ${m.product_name} continues.`, "success"),
                          onError: failed,
                        })
                      }
                    >
                      Resume membership
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      loading={cancel.isPending && cancel.variables === m.id}
                      onClick={async () => {
                        const sure = await confirmDialog({
                          title: `Cancel your membership of ${m.product_name}?`,
                          message: `It will not renew. You keep access until ${formatDate(m.current_period_end)}, and you can resume it until then.`,
                          confirmLabel: "Cancel membership",
                          cancelLabel: "Keep it",
                          tone: "danger",
                        });
                        if (!sure) return;
                        cancel.mutate(m.id, {
                          onSuccess: (after) =>
                            toast(
                              `Canceled. You keep access until ${formatDate(after.current_period_end)}.`,
                              "success",
                            ),
                          onError: failed,
                        });
                      }}
                    >
                      Cancel membership
                    </Button>
                  ))}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Renewing: a plan or card may change (not once it is set to end, or has). */
const running = (m: Membership) =>
  !m.cancel_at_period_end && (m.status === "active" || m.status === "trialing" || m.status === "past_due");
