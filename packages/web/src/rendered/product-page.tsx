import SalesPage from "@/features/sales-page/pages/SalesPage";
import { salesPageReady } from "@/features/sales-page/lib/page";
import { hydrate } from "./hydrate";

/** The sales page, taken over by React once it has loaded (./product.tsx starts it). */
void hydrate(SalesPage, salesPageReady);
