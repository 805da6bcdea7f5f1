import type { PublicPages } from "@payloft/core/pages/index";

/** What the server rendered a public page from; the browser hydrates the page from the same. */
export type PageData = PublicPages.Data;
export type ProductPageData = PublicPages.ProductPage & { failed?: true };
export type StorePageData = PublicPages.StorePage & { failed?: true };

/** The id of the page's data: a JSON script the browser never runs (no inline script: the CSP allows none). */
export const PAGE_DATA_ID = "page-data";

/** The data this page was rendered from, or null on a page the server did not render. */
export function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}
