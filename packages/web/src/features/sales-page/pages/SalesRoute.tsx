import { useParams } from "react-router-dom";
import SalesPage from "./SalesPage";

/** The sales page as a route of the app (reached by in-app navigation); the path names the product. */
export default function SalesRoute() {
  const { productId = "" } = useParams();
  return <SalesPage productId={productId} />;
}
