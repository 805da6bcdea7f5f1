import "@/features/sales-page/sales.css";
import { afterLoad } from "./afterLoad";

/**
 * The sales page's own entry (pages/product.html): its stylesheet (inlined into the shell by the
 * build), and, once the page has loaded, React taking over the page the server rendered.
 */
afterLoad(() => import("./product-page"));
