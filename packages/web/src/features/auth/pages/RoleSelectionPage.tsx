import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function RoleSelectionPage() {
  return <Placeholder title="Choose how you'll use Payloft" />;
}
