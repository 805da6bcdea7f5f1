/**
 * Starts a server-rendered page's JavaScript once the page has loaded and painted, instead of as
 * soon as the HTML is parsed. The page is already on screen and works before JavaScript (its Buy
 * buttons are forms), so React is not needed for the first paint; fetched at once, its ~60 KB
 * competed with the product's picture, the page's largest paint, on a phone's connection
 * (docs/performance.md). The picture is painted in the frame after the load event and shown a
 * frame later, so the start waits for both frames. A picture that takes long (a slow host) holds
 * hydration back for at most LATEST_MS.
 */
const LATEST_MS = 2_000;

export function afterLoad(start: () => unknown) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    void start();
  };
  // requestAnimationFrame runs before a frame is painted: the second one, once the first is.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0)));
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
  setTimeout(once, LATEST_MS);
}
