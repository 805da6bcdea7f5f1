import { useEffect, useState } from "react";
import {
  LIFETIME_PRICE,
  PLANS,
  PLAN_IDS,
  YEARLY_SAVING_LABEL,
  formatPlanPrice,
  type BillingCycle,
  type PlanId,
} from "@payloft/core/plan/plans";
import { ApiError } from "@/lib/api";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Skeleton } from "@/components/ui/Skeleton";
import { toast } from "@/components/ui/toast";
import { useBilling, type BillingSummary } from "@/features/plans/api/billing";
import { useChangePlan } from "@/features/plans/api/changePlan";
import { PLAN_RANK, planName } from "@/features/plans/lib/format";
import { PastDueBanner } from "./PastDueBanner";
import { PlanCard } from "./PlanCard";

type Target = { plan: PlanId; cycle: BillingCycle; until: number };

/**
 * Settings → Billing (figures from the one plan table, rule: One plan table): the
 * current plan with its usage and price, and a card per plan whose Upgrade / Downgrade
 * change the running subscription through the server. The new plan arrives by webhook,
 * so after a change the tab polls until it shows up.
 */
export function BillingTab() {
  const [target, setTarget] = useState<Target | null>(null);
  const billing = useBilling(target ? 1500 : false);
  const change = useChangePlan();
  const data = billing.data;
  // Starts on the cycle the member pays in, so Upgrade keeps it; the toggle is an explicit switch.
  const [pickedCycle, setCycle] = useState<BillingCycle | null>(null);
  const cycle: BillingCycle = pickedCycle ?? (data?.billing_cycle === "yearly" ? "yearly" : "monthly");

  useEffect(() => {
    if (!target || !data) return;
    const arrived = data.plan === target.plan && (target.plan === "free" || data.billing_cycle === target.cycle);
    if (arrived) {
      toast(`You're now on the ${planName(target.plan)} plan.`, "success");
      setTarget(null);
    } else if (Date.now() > target.until) {
      toast("Your plan change is still being processed. It will show here shortly.", "info");
      setTarget(null);
    }
  }, [data, target]);

  async function choose(plan: PlanId) {
    if (!data) return;
    const verb = actionLabel(data, plan, cycle);
    const what = plan === "free" ? "the Free plan" : `the ${PLANS[plan].name} plan (${cycle})`;
    const ok = await confirmDialog({
      title: `${verb}?`,
      message:
        plan === "free"
          ? "Your subscription will be cancelled. Products above the free limit stay listed, but you can't add more until you upgrade."
          : !data.has_subscription
            ? `You'll continue to checkout for ${what}.`
            : data.billing_cycle === cycle || data.subscription_status === "trialing"
              ? `Your subscription changes to ${what} now; the difference is prorated on your next invoice.`
              : `Your subscription changes to ${what} now. A new ${cycle === "yearly" ? "year" : "month"} starts today and is charged at once, less a credit for the unused time of your current one.`,
      confirmLabel: verb,
      tone: plan === "free" ? "danger" : "primary",
    });
    if (!ok) return;
    try {
      const result = await change.mutateAsync({ plan, billing_cycle: cycle });
      if ("url" in result) window.location.assign(result.url);
      else setTarget({ plan, cycle, until: Date.now() + 30_000 });
    } catch (err) {
      toast(err instanceof ApiError ? err.message : "Something went wrong. Please try again.", "error");
    }
  }

  if (billing.isPending) return <Skeleton className="h-64 w-full rounded-2xl" />;
  if (!data)
    return <p className="text-sm text-slate-600">Billing details could not be loaded. Please refresh the page.</p>;

  return (
    <div className="space-y-6">
      <PastDueBanner />
      <CurrentPlan data={data} updating={!!target} />
      {data.plan === "lifetime" ? (
        <p className="rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-4 text-sm text-emerald-800">
          You have lifetime access with unlimited products. There is nothing to renew.
        </p>
      ) : (
        <Card>
          <CardHeader
            title="Change plan"
            description="Upgrade or downgrade at any time."
            action={
              <SegmentedControl
                size="sm"
                label="Billing cycle"
                value={cycle}
                onChange={setCycle}
                options={[
                  { value: "monthly", label: "Monthly" },
                  { value: "yearly", label: "Yearly", badge: YEARLY_SAVING_LABEL },
                ]}
              />
            }
          />
          <CardContent>
            <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
              {PLAN_IDS.map((id) => {
                const current = isCurrent(data, id, cycle);
                return (
                  <li key={id}>
                    <PlanCard
                      plan={PLANS[id]}
                      cycle={cycle}
                      compact
                      selected={current}
                      footer={
                        <Button
                          fullWidth
                          variant={
                            current ? "secondary" : PLAN_RANK[id]! > PLAN_RANK[data.plan]! ? "primary" : "secondary"
                          }
                          disabled={current || !!target || change.isPending}
                          loading={change.isPending && change.variables?.plan === id}
                          onClick={() => void choose(id)}
                        >
                          {current ? "Current plan" : actionLabel(data, id, cycle)}
                        </Button>
                      }
                    />
                  </li>
                );
              })}
            </ul>
            <p className="mt-5 text-sm text-slate-600" data-testid="recovery-note">
              <span className="font-medium text-slate-800">Payment recovery</span> (Pro and Business): when a buyer we
              know by e-mail leaves a checkout unpaid, they get one reminder linking back to your product, at most once
              a week per product, and they can unsubscribe from these reminders.
            </p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

const isCurrent = (data: BillingSummary, plan: PlanId, cycle: BillingCycle) =>
  data.plan === plan && (plan === "free" || data.billing_cycle === cycle);

function actionLabel(data: BillingSummary, plan: PlanId, cycle: BillingCycle) {
  if (data.plan === plan) return `Switch to ${cycle}`;
  return PLAN_RANK[plan]! > PLAN_RANK[data.plan]! ? "Upgrade" : "Downgrade";
}

const STATUS: Record<string, { label: string; tone: "success" | "info" | "warning" | "danger" }> = {
  trialing: { label: "Free trial", tone: "info" },
  active: { label: "Active", tone: "success" },
  past_due: { label: "Payment failed", tone: "warning" },
  unpaid: { label: "Unpaid", tone: "danger" },
  canceled: { label: "Cancelled", tone: "danger" },
};

function CurrentPlan({ data, updating }: { data: BillingSummary; updating: boolean }) {
  const granted = data.plan_source === "admin" && data.plan !== "free" && data.plan !== "lifetime";
  const price =
    data.plan === "lifetime"
      ? `${formatPlanPrice(LIFETIME_PRICE)} once`
      : granted
        ? "$0 · granted by Payloft"
        : data.price === 0
          ? "$0/month"
          : `${formatPlanPrice(data.price)}/${data.billing_cycle === "yearly" ? "year" : "month"}`;
  const status = granted
    ? ({ label: "Granted", tone: "info" } as const)
    : data.has_subscription && data.subscription_status
      ? STATUS[data.subscription_status]
      : undefined;
  const used =
    data.product_limit === null ? 0 : Math.min(100, (data.product_count / Math.max(1, data.product_limit)) * 100);
  return (
    <Card>
      <CardHeader
        title="Current plan"
        action={
          updating ? <Badge tone="info">Updating…</Badge> : status && <Badge tone={status.tone}>{status.label}</Badge>
        }
      />
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <div>
          <p className="text-2xl font-bold text-slate-900" data-testid="billing-plan">
            {planName(data.plan)}
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="billing-price">
            {price}
          </p>
        </div>
        <div>
          <p className="text-sm font-medium text-slate-700">Products</p>
          <p className="mt-1 text-sm text-slate-600" data-testid="billing-usage">
            {data.product_count} / {data.product_limit === null ? "Unlimited" : data.product_limit}
          </p>
          {data.product_limit !== null && (
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
              <div
                className={`h-full rounded-full ${used >= 100 ? "bg-amber-500" : "bg-brand-600"}`}
                style={{ width: `${used}%` }}
              />
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
