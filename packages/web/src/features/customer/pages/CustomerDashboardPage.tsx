import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function CustomerDashboardPage() {
  return <Placeholder title="Customer dashboard" />;
}
