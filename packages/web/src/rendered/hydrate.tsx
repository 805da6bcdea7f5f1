import { StrictMode, useEffect, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { readPageData, type PageData } from "@/lib/pageData";
import { PageShell } from "./Shell";

/** Marks the document once React has taken it over: journeys wait for it before they act. */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/**
 * The page's whole stylesheet. The server sent only the rules its HTML uses (criticalCss.ts);
 * what React shows later (a form's error, the code field, a dialog) needs the rest, so it is
 * fetched before React takes over. A stylesheet that fails to load leaves the page as it was.
 */
function wholeStylesheet(): Promise<void> {
  const href = document.querySelector<HTMLStyleElement>("style[data-href]")?.dataset.href;
  if (!href || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/**
 * The browser's half of a server-rendered page: the HTML is already on screen, so React takes it
 * over (hydrateRoot) with the data it was rendered from, instead of rendering it again. `ready`:
 * what the first render needs that is loaded apart (e.g. the claim form), loaded first so the
 * tree the browser renders is the one the server sent.
 */
export async function hydrate<D extends PageData>(
  Page: ComponentType<{ data: D }>,
  ready?: (data: D) => Promise<unknown> | undefined,
) {
  const data = readPageData() as D | null;
  const root = document.getElementById("root");
  if (!data || !root) return; // opened as a file of its own (/pages/…): nothing was rendered here
  await Promise.all([ready?.(data), wholeStylesheet()]);
  hydrateRoot(
    root,
    <StrictMode>
      <PageShell>
        <Page data={data} />
      </PageShell>
      <Hydrated />
    </StrictMode>,
  );
}
