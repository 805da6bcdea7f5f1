import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function AuthCallbackPage() {
  return <Placeholder title="Completing sign in" />;
}
