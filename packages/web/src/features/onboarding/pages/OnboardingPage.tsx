import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function OnboardingPage() {
  return <Placeholder title="Onboarding" />;
}
