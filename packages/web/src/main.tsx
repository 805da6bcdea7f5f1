/**
 * Two ways in. A shopper's first load of a sales page (/product/{id}, /p/{id}) boots only the
 * sales page, so the page every buyer lands on stays light (docs/performance.md); every other
 * address boots the whole app, whose router then loads pages lazily.
 */
const root = document.getElementById("root")!;
const sales = /^\/(?:product|p)\/([^/]+)\/?$/.exec(window.location.pathname);
const decode = (id: string) => {
  try {
    return decodeURIComponent(id);
  } catch {
    return id; // a broken %-escape: the API answers "not found" for it
  }
};
// Two separate statements, each with its own import(): the bundler preloads each one's chunks only.
if (sales) {
  const { start } = await import("./features/sales-page/entry");
  start(root, decode(sales[1]!));
} else {
  const { start } = await import("./app/start");
  start(root);
}

// A module (it imports nothing statically), so the awaits above are top-level awaits.
export {};
