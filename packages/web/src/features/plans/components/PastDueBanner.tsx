import { PLANS } from "@payloft/core/plan/plans";
import { useBilling } from "@/features/plans/api/billing";

/**
 * Shown while the platform subscription's last renewal payment failed (past due): the
 * provider retries by itself, and after its last try the plan ends. Polite live region, so a
 * screen reader hears it once, not on every render.
 */
export function PastDueBanner() {
  const billing = useBilling();
  if (billing.data?.subscription_status !== "past_due") return null;
  const plan = PLANS[billing.data.plan]?.name ?? "paid";
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="past-due-banner"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-semibold">Your last payment for the {plan} plan failed.</p>
      <p className="mt-1">
        We will try your card again automatically over the next days. Please make sure your payment method is up to
        date: if every retry fails, your account moves to the Free plan and products beyond its limit stop selling.
      </p>
    </div>
  );
}
