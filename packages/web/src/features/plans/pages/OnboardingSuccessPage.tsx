import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function OnboardingSuccessPage() {
  return <Placeholder title="Subscription success" />;
}
