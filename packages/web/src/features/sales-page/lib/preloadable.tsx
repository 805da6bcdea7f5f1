import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * A part of the sales page that only some products show (a bundle's contents, a membership's
 * tiers, a free product's claim form), in a chunk of its own so the other products' pages do not
 * download it. `preload()` fetches it before the first render, on the server and in the browser
 * alike (lib/page.ts `salesPageReady`), so a product that shows the part has it in the server's
 * HTML and hydration finds the same tree; a part first shown later (a code that makes the price
 * 0) is fetched then, rendering `fallback` meanwhile.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Part(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { preload, Part };
}
