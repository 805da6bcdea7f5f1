import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function AdminPage() {
  return <Placeholder title="Admin panel" />;
}
