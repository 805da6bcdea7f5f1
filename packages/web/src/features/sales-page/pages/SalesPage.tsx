import { Placeholder } from "../../../components/Placeholder";

/** Placeholder until its issue builds the screen. */
export default function SalesPage() {
  return <Placeholder title="Product" />;
}
