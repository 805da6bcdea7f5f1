import { useEffect, useState } from "react";
import { PageSpinner } from "@/components/PageSpinner";
import NotFoundPage from "./NotFoundPage";

/**
 * The sales page, the overlay checkout and store pages are rendered by the server, each a
 * document of its own (src/rendered), not a screen of the app. Reached from inside the app (a
 * link the router handled), the browser loads the page from the server. The app booting at such
 * an address means the server did not render it: then "not found" instead of loading it again.
 */
export default function ServerPage() {
  const [served] = useState(() => performance.getEntriesByType("navigation")[0]?.name === window.location.href);
  useEffect(() => {
    if (!served) window.location.replace(window.location.href);
  }, [served]);
  return served ? <NotFoundPage /> : <PageSpinner />;
}
