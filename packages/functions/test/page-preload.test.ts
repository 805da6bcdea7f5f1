import { describe, expect, it } from "vitest";
import type { PageData } from "@/lib/pageData";
import { largestPicture, renderPage } from "@/rendered/server";

/**
 * The server-rendered pages name their largest picture (the sales page's image, the overlay's
 * picture, the store's first card) in a preload at the top of the head, before the page's scripts:
 * the browser asks for it first, so over HTTP/1.1 it takes the document's open connection instead
 * of a new one (a round trip of the sales page's LCP, docs/performance.md).
 */
const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Payloft</title>' +
  '<script type="module" crossorigin src="/assets/page-store.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/afterLoad.js"></head>' +
  '<body><div id="root"></div></body></html>';

const store = (image_url: string | null): PageData => ({
  page: "store",
  store: {
    store: {
      creator_id: "u1",
      handle: "ada",
      name: "Ada",
      bio: "",
      avatar_url: null,
      accent_color: null,
      powered_by: true,
    },
    products: [
      {
        id: "p1",
        name: "Kit",
        headline: "",
        price: 900,
        currency: "usd",
        pay_what_you_want: false,
        image_url,
        billing: "one_time",
        price_interval: null,
        price_varies: false,
      },
    ],
  },
});

const product = (page: "product" | "overlay", media_type: string, media_url: string, is_active = true) =>
  ({ page, product: { is_active, media_type, media_url }, provider: null, code: "", ref: "" }) as unknown as PageData;

describe("the largest picture's preload", () => {
  it("comes first in the head, before any script or module preload, with its URL escaped", async () => {
    const html = await renderPage(SHELL, store('https://cdn.example/a.png?x=1&y="2"'));
    const preload =
      '<link rel="preload" as="image" href="https://cdn.example/a.png?x=1&amp;y=&quot;2&quot;" fetchpriority="high" />';
    expect(html).toContain(preload);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf("<script"));
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf("modulepreload"));
    expect(html.indexOf(preload)).toBeGreaterThan(html.indexOf("<meta charset"));
  });

  it("is left out when the page shows no picture", async () => {
    expect(await renderPage(SHELL, store(null))).not.toContain('rel="preload" as="image"');
  });

  it("names the sales page's image, the overlay's picture, never an unavailable product's", () => {
    expect(largestPicture(product("product", "image", "https://cdn.example/p.jpg"))).toBe("https://cdn.example/p.jpg");
    // The sales page plays a video in a lazy frame: nothing to preload. The overlay shows its still.
    expect(largestPicture(product("product", "youtube", "https://youtu.be/dQw4w9WgXcQ"))).toBeNull();
    expect(largestPicture(product("overlay", "youtube", "https://youtu.be/dQw4w9WgXcQ"))).toBe(
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
    expect(largestPicture(product("product", "image", "https://cdn.example/p.jpg", false))).toBeNull();
    expect(largestPicture({ page: "product", product: null, provider: null, code: "", ref: "" })).toBeNull();
  });
});
