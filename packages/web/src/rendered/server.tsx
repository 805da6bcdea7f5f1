import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { documentTitle } from "@/components/usePageTitle";
import OverlayPage from "@/features/sales-page/pages/OverlayPage";
import SalesPage from "@/features/sales-page/pages/SalesPage";
import { productTitle, salesPageReady } from "@/features/sales-page/lib/page";
import StorePage, { storeTitle } from "@/features/storefront/pages/StorePage";
import { mediaImage } from "@payloft/core/product/media";
import { PAGE_DATA_ID, type PageData } from "@/lib/pageData";
import { classesIn, criticalCss } from "./criticalCss";
import { PageShell } from "./Shell";

/**
 * The server's half of the public pages (the page Lambda, packages/functions/src/pages, and
 * through it the local server): the same components the browser hydrates, rendered to HTML into
 * the page's built shell (packages/web/pages/<page>.html, which names that page's own scripts and
 * stylesheet), with the data beside them in a JSON script that never runs.
 */
interface PageDef<D extends PageData> {
  Page: ComponentType<{ data: D }>;
  title: (data: D) => string;
  ready?: (data: D) => Promise<unknown> | undefined;
}
type Pages = { [K in PageData["page"]]: PageDef<Extract<PageData, { page: K }>> };

const PAGES: Pages = {
  product: { Page: SalesPage, title: productTitle, ready: salesPageReady },
  overlay: { Page: OverlayPage, title: productTitle, ready: salesPageReady },
  store: { Page: StorePage, title: storeTitle },
};

const ROOT = '<div id="root"></div>';

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON that stays data inside a <script> element: no "<" can close it, no "&" or ">" can matter. */
export const scriptJson = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The page's whole HTML: `template` (its built shell) with the page rendered into the root and its data. */
export async function renderPage(template: string, data: PageData): Promise<string> {
  if (!template.includes(ROOT)) throw new Error(`the ${data.page} page's template has no empty ${ROOT}`);
  const def = PAGES[data.page] as PageDef<PageData>;
  await def.ready?.(data);
  const body = renderToString(
    <PageShell>
      <def.Page data={data} />
    </PageShell>,
  );
  const script = `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`;
  // Function replacements: a "$&" in a seller's text must stay text, not a pattern.
  const html = template
    .replace(CHARSET, (tag) => tag + preloadLink(largestPicture(data)))
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(documentTitle(def.title(data)))}</title>`)
    .replace(ROOT, () => `<div id="root">${body}</div>\n    ${script}`);
  // The shell's inline stylesheet (data-href: the build inlined it) shrinks to the rules this
  // page's HTML uses: less to send and to match before the first paint (docs/performance.md).
  const used = classesIn(html);
  return html.replace(STYLE, (_tag, attrs: string, css: string) => `<style${attrs}>${criticalCss(css, used)}</style>`);
}

const CHARSET = /<meta charset="UTF-8" \/>/i;

/**
 * The picture the page's largest paint is (the sales page's image, the overlay's picture, the
 * store's first card), if it has one. Its preload goes first in the head, before the page's
 * scripts: the first request after the document, so over HTTP/1.1 it takes the document's open
 * connection instead of waiting for a new one (docs/performance.md, LCP).
 */
export function largestPicture(data: PageData): string | null {
  if (data.page === "store") return data.store?.products[0]?.image_url || null;
  const product = data.product;
  if (!product?.is_active) return null;
  return data.page === "product"
    ? product.media_type === "image"
      ? product.media_url || null
      : null
    : mediaImage(product.media_type, product.media_url);
}

const preloadLink = (href: string | null) =>
  href ? `\n    <link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />` : "";

const STYLE = /<style( data-href="[^"]+")>([\s\S]*?)<\/style>/;
