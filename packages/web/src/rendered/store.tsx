import "@/features/sales-page/sales.css";
import StorePage from "@/features/storefront/pages/StorePage";
import { hydrate } from "./hydrate";

/** The store page's own entry (pages/store.html): the page the server rendered, taken over by React. */
void hydrate(StorePage);
