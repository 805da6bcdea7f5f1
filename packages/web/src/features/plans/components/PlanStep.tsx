/**
 * Onboarding step 2 (spec part 1 §2/§4). Rendered by the onboarding page frame:
 *   <PlanStep customerName={name} profilePlan={profile?.plan} onBack={() => setStep(1)} />
 * customerName: the name from step 1 (sent as customer_name); profilePlan: the stored plan,
 * used when sessionStorage holds no selection. Being built by the plans issue.
 */
export interface PlanStepProps {
  customerName: string;
  profilePlan?: string | null;
  onBack: () => void;
}

export function PlanStep(_props: PlanStepProps) {
  return <div className="text-slate-500">Plan step is being built.</div>;
}

export default PlanStep;
