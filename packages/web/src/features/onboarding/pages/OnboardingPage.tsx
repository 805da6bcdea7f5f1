import { useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { isSelectablePlan } from "@payloft/core/plan/plans";
import { useSession } from "@/lib/session";
import { PageSpinner } from "@/components/PageSpinner";
import { toast } from "@/components/ui/toast";
import { AuthCard, AuthLayout } from "@/components/AuthLayout";
import { useProfile } from "@/lib/profile";
import { PlanStep } from "@/features/plans";
import { readSelection, storeSelection } from "@/lib/planSelection";
import { Stepper } from "@/features/onboarding/components/Stepper";
import { ProfileStep } from "@/features/onboarding/components/ProfileStep";
import { useSaveName } from "@/features/onboarding/api/saveName";

/**
 * /onboarding: step 1 'Profile' here, step 2 'Plan' is the plans
 * feature's PlanStep. `?upgrade={plan}` (the dashboards' upgrade buttons) preselects that plan
 * through the same stored selection PlanStep reads, and skips step 1 for someone who did it.
 */
export default function OnboardingPage() {
  const { user, isPending } = useSession();
  const [params] = useSearchParams();
  const profile = useProfile(Boolean(user));
  const saveName = useSaveName();
  const upgrade = params.get("upgrade");
  const validUpgrade = isSelectablePlan(upgrade) ? upgrade : null;
  const [step, setStep] = useState<1 | 2 | null>(null);
  const [name, setName] = useState("");

  useEffect(() => {
    if (validUpgrade) storeSelection(validUpgrade, readSelection().cycle === "yearly" ? "yearly" : "monthly");
  }, [validUpgrade]);

  useEffect(() => {
    if (step !== null || profile.isLoading || !user) return;
    const p = profile.data;
    setName(p?.name || user.google_user_data?.name || "");
    const didStepOne = Boolean(p && p.name && (p.onboarding_completed || p.role === "creator" || p.role === "admin"));
    setStep(validUpgrade && didStepOne ? 2 : 1);
  }, [step, profile.isLoading, profile.data, user, validUpgrade]);

  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (profile.data?.onboarding_completed && !validUpgrade) return <Navigate to="/dashboard" replace />;
  if (step === null) return <PageSpinner />;

  async function continueToPlan(chosen: string) {
    try {
      await saveName.mutateAsync(chosen);
      setName(chosen);
      setStep(2);
    } catch (err) {
      console.error(err);
      toast(err instanceof Error ? err.message : "Something went wrong. Please try again.", "error");
    }
  }

  return (
    <AuthLayout wide={step === 2 ? "xl" : true}>
      <div className="mb-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">
          {validUpgrade && step === 2 ? "Upgrade" : "Set up your account"}
        </p>
        <div className="mt-4">
          <Stepper current={step} />
        </div>
      </div>
      {step === 1 ? (
        <AuthCard className="mx-auto w-full max-w-lg">
          <ProfileStep initialName={name} email={user.email} saving={saveName.isPending} onContinue={continueToPlan} />
        </AuthCard>
      ) : (
        <PlanStep customerName={name} profilePlan={profile.data?.plan} onBack={() => setStep(1)} />
      )}
    </AuthLayout>
  );
}
