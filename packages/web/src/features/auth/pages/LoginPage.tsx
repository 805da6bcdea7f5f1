import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function LoginPage() {
  return <Placeholder title="Sign in" />;
}
