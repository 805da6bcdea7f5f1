import "@/features/sales-page/sales.css";
import SalesPage from "@/features/sales-page/pages/SalesPage";
import { salesPageReady } from "@/features/sales-page/lib/page";
import { hydrate } from "./hydrate";

/** The sales page's own entry (pages/product.html): the page the server rendered, taken over by React. */
void hydrate(SalesPage, salesPageReady);
