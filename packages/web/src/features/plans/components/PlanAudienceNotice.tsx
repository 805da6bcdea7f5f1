import { IconStore } from "../../../components/ui/icons";
import { cn } from "../../../components/ui/cn";
import type { Profile } from "../../../lib/profile";

/**
 * Above the plan cards, for a signed-in customer: plans are for creators (DECISIONS 22), so
 * choosing one first offers to start selling. Said before the click, not only in the dialog.
 */
export function PlanAudienceNotice({ profile, dark = false }: { profile: Profile | undefined; dark?: boolean }) {
  if (!profile || profile.role !== "customer" || profile.is_admin) return null;
  return (
    <p
      data-testid="plan-audience-notice"
      className={cn(
        "mx-auto mt-6 flex max-w-xl items-start gap-2 rounded-xl border px-4 py-3 text-left text-sm",
        dark ? "border-white/15 bg-white/10 text-slate-200" : "border-brand-100 bg-brand-50 text-brand-800",
      )}
    >
      <IconStore className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        You're signed in with a buyer account. Plans are for creators: choosing one first switches your account to
        selling.
      </span>
    </p>
  );
}
