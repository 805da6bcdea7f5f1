import { Link } from "react-router-dom";
import { IconSparkles, IconStore } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";
import type { Profile } from "@/lib/profile";

export const isLifetimeMember = (profile: Profile | undefined) => profile?.plan === "lifetime";

/**
 * Above the plan cards, said before any click:
 *  - a signed-in customer: plans are for creators (rule: Plans are for creators), so choosing one first offers
 *    to start selling;
 *  - a lifetime member: everything is already theirs, so there is nothing to choose (rule: Lifetime deal).
 */
export function PlanAudienceNotice({ profile, dark = false }: { profile: Profile | undefined; dark?: boolean }) {
  const box = cn(
    "mx-auto mt-6 flex max-w-xl items-start gap-2 rounded-xl border px-4 py-3 text-left text-sm",
    dark ? "border-white/15 bg-white/10 text-slate-200" : "border-brand-100 bg-brand-50 text-brand-800",
  );
  if (isLifetimeMember(profile)) {
    return (
      <p data-testid="plan-audience-notice" className={box}>
        <IconSparkles className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          You have lifetime access: everything in Business is already yours, so there is no plan to choose.{" "}
          <Link to="/dashboard" className="font-semibold underline underline-offset-2">
            Go to your dashboard
          </Link>
        </span>
      </p>
    );
  }
  if (!profile || profile.role !== "customer" || profile.is_admin) return null;
  return (
    <p data-testid="plan-audience-notice" className={box}>
      <IconStore className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        You're signed in with a buyer account. Plans are for creators: choosing one first switches your account to
        selling.
      </span>
    </p>
  );
}
