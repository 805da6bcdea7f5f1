import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function CustomerSignupPage() {
  return <Placeholder title="Customer signup" />;
}
