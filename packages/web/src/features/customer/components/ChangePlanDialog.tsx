import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format";
import { INTERVAL_NAME, formatRecurring } from "@/lib/membership";
import { formatCents } from "@/lib/money";
import { useChangePlan, type Membership, type MembershipPlan } from "@/features/customer/api/memberships";

const key = (p: Pick<MembershipPlan, "tier" | "interval">) => `${p.tier}/${p.interval}`;

/**
 * "Change plan": every plan of the product today, each priced in the membership's currency, the
 * current one marked. On Stripe the change is made at once and prorated: the difference for the
 * rest of the period is charged (or credited) now, and the next renewal is at the new price. On
 * PayPal the buyer approves the revision on PayPal's page (the dialog sends them there); PayPal
 * does not prorate: the period already paid stays, the new price starts at the next renewal.
 */
export function ChangePlanDialog({ membership: m, onClose }: { membership: Membership; onClose: () => void }) {
  const change = useChangePlan();
  const current = key(m);
  const [picked, setPicked] = useState(current);
  const plan = m.plans.find((p) => key(p) === picked);
  const onPayPal = m.provider === "paypal";
  const submit = () => {
    if (!plan || picked === current) return;
    change.mutate(
      { id: m.id, tier: plan.tier, interval: plan.interval },
      {
        onSuccess: (answer) => {
          // PayPal's page for approving the revision; the portal's memberships tab is its way back.
          if ("url" in answer) return window.location.assign(answer.url);
          toast(
            `Your plan is now ${plan.tier_name} at ${formatRecurring(plan.amount, m.currency, plan.interval)}.`,
            "success",
          );
          onClose();
        },
        onError: (err) =>
          toast(err instanceof ApiError ? err.message : "Something went wrong. Please try again.", "error"),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!change.isPending}
      title={`Change your plan of ${m.product_name}`}
      description={changeWording(m, picked === current ? undefined : plan)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            Keep my plan
          </Button>
          <Button onClick={submit} loading={change.isPending} disabled={picked === current}>
            {onPayPal ? "Continue to PayPal" : "Change plan"}
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Plans</legend>
        <div className="mt-1.5 space-y-2">
          {m.plans.map((p) => (
            <label
              key={key(p)}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
            >
              <input
                type="radio"
                name="plan"
                value={key(p)}
                checked={picked === key(p)}
                onChange={() => setPicked(key(p))}
                className="accent-brand-600"
              />
              <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-2">
                <span className="font-semibold text-slate-900">
                  {p.tier_name}
                  {/* The space keeps "Basic (your plan)" two words in the radio's accessible name. */}
                  {key(p) === current ? <span className="font-normal text-slate-500"> (your plan)</span> : null}
                </span>
                <span className="text-slate-700">{formatRecurring(p.amount, m.currency, p.interval)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}

/**
 * What a change costs, as it will happen (for the plan picked, if any): Stripe prorates a paid
 * period at once; a change of interval starts a new period now, at the new plan's full price less
 * a credit for the unused time. A free trial has paid nothing, so nothing is prorated and the
 * trial runs on to its end, when the new price is the first charge. PayPal never prorates: the
 * new price starts at the next billing.
 */
function changeWording(m: Membership, picked?: MembershipPlan): string {
  const end = formatDate(m.current_period_end);
  const trial = m.status === "trialing";
  if (m.provider === "paypal")
    return trial
      ? `You approve the change on PayPal. Your free trial stays; from its end on ${end} you pay the new price.`
      : `You approve the change on PayPal. This period stays as paid; from your next renewal on ${end} you pay the new price.`;
  if (trial)
    return `The change is made now. Your free trial goes on until ${end} and nothing is charged today; then you pay the new price.`;
  if (picked && picked.interval !== m.interval)
    return `The change is made now. A new ${INTERVAL_NAME[picked.interval].toLowerCase()} period starts today at ${formatCents(picked.amount, m.currency)}, less a credit for the unused part of this one, and renews at that price.`;
  return "The change is made now. You pay (or are credited) the difference for the rest of this period, and later renewals are at the new price.";
}
