import "@/features/sales-page/sales.css";
import OverlayPage from "@/features/sales-page/pages/OverlayPage";
import { salesPageReady } from "@/features/sales-page/lib/page";
import { hydrate } from "./hydrate";

/** The overlay checkout's own entry (pages/overlay.html): the page the server rendered, taken over by React. */
void hydrate(OverlayPage, salesPageReady);
