import { useEffect } from "react";

const BRAND = "Payloft";

/** Sets the tab title to "{title} · Payloft" (or just the brand), so tabs and history read well. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title === undefined) return; // the page has nothing to say yet (e.g. still loading)
    document.title = title ? `${title} · ${BRAND}` : `${BRAND} — sell digital products`;
  }, [title]);
}

/** Route-level default title; a page that knows better (a product's name) sets its own after it. */
export function PageTitle({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}
