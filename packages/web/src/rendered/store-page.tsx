import StorePage from "@/features/storefront/pages/StorePage";
import { hydrate } from "./hydrate";

/** The store page, taken over by React once it has loaded (./store.tsx starts it). */
void hydrate(StorePage);
