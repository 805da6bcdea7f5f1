import { useEffect } from "react";

const BRAND = "Payloft";

/** "{title} · Payloft" (or the brand's own line): the server puts the same in a rendered page's head. */
export const documentTitle = (title: string | null) =>
  title ? `${title} · ${BRAND}` : `${BRAND} — sell digital products`;

/** Sets the tab title to "{title} · Payloft" (or just the brand), so tabs and history read well. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title === undefined) return; // the page has nothing to say yet (e.g. still loading)
    document.title = documentTitle(title);
  }, [title]);
}

/** Route-level default title; a page that knows better (a product's name) sets its own after it. */
export function PageTitle({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}
