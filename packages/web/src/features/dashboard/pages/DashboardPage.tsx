import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function DashboardPage() {
  return <Placeholder title="Creator dashboard" />;
}
