import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function LifetimeDealPage() {
  return <Placeholder title="Lifetime deal" />;
}
