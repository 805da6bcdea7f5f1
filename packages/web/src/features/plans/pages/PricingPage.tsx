import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function PricingPage() {
  return <Placeholder title="Pricing" />;
}
