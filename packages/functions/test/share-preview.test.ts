import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * Share previews: the HTML of /product/{id}, /p/{id} and /s/{handle}, as
 * served, carries og:title, og:description, og:image and twitter:card, HTML-escaped; the
 * production page Lambda answers the same HTML as the local static server (one function).
 * Fixture shells stand in for the Vite build (index.html, pages/*.html), so this runs without
 * building the web; the pages are rendered into them by the real renderer.
 */
const dist = mkdtempSync(join(tmpdir(), "payloft-web-"));
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Payloft: sell digital products with a sales page, checkout and instant delivery."
    />
    <title>Payloft — sell digital products</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
writeFileSync(join(dist, "index.html"), TEMPLATE);
mkdirSync(join(dist, "pages"));
for (const page of ["product", "overlay", "store"]) {
  writeFileSync(join(dist, "pages", `${page}.html`), TEMPLATE.replace("index-abc123", `page-${page}-abc123`));
}
const stack = useStack({ webDist: dist });

let ann: Person;
let productId = "";
const NASTY = `Ship <script>alert("pwned")</script> & 'win' $& $'`;

/** The raw HTML as a crawler receives it: no JavaScript runs. */
const raw = async (path: string, status = 200) => {
  const res = await fetch(`${stack().url}${path}`);
  expect(res.status, path).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/text\/html/);
  return res.text();
};
const meta = (html: string, key: string) => {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return m ? m[1] : undefined;
};

beforeAll(async () => {
  const admin = await signInAdmin(stack());
  ann = await signInWithRole(stack(), "ann@example.com", "creator", "Ann Archer");
  await call(stack(), "PUT", `/api/admin/users/${ann.id}/plan`, { cookie: admin.cookie, body: { plan: "pro" } });
  const created = await call(stack(), "POST", "/api/products", {
    cookie: ann.cookie,
    body: {
      ...productBody("Field Guide"),
      headline: NASTY,
      subheadline: "Land five clients\nin 30 days.",
      media_type: "image",
      media_url: "https://img.example.com/guide.png?size=large&v=2",
    },
  });
  expect(created.status, created.text).toBe(201);
  productId = created.json.id;
  const store = await call(stack(), "PUT", "/api/store", {
    cookie: ann.cookie,
    body: { handle: "ann-archer", bio: 'Guides "for" <makers>', avatar_url: "https://img.example.com/ann.png" },
  });
  expect(store.status, store.text).toBe(200);
});

describe("share previews in the served HTML", () => {
  it("the sales page carries the product's title, description, image and card, escaped", async () => {
    const html = await raw(`/product/${productId}`);
    expect(meta(html, "og:title")).toBe(
      "Ship &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &#39;win&#39; $&amp; $&#39;",
    );
    expect(meta(html, "og:description")).toBe("Land five clients in 30 days.");
    expect(meta(html, "og:image")).toBe("https://img.example.com/guide.png?size=large&amp;v=2");
    expect(meta(html, "og:url")).toBe(`${stack().url}/product/${productId}`);
    expect(meta(html, "og:type")).toBe("product");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "twitter:title")).toBe(meta(html, "og:title"));
    expect(meta(html, "description")).toBe("Land five clients in 30 days.");
    // Nothing the seller typed can open a tag; the template's own title/description are replaced.
    expect(html).not.toContain("<script>alert");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>Ship &lt;script&gt;`);
    expect(html).not.toContain("sell digital products with a sales page");
    // The page is rendered into its own shell, which names that page's scripts.
    expect(html).toMatch(/<div id="root"><[a-z]/);
    expect(html).toContain('<script type="module" crossorigin src="/assets/page-product-abc123.js"></script>');
  });

  it("/p/{id} carries the same preview with its own URL", async () => {
    const html = await raw(`/p/${productId}`);
    expect(meta(html, "og:url")).toBe(`${stack().url}/p/${productId}`);
    expect(meta(html, "og:image")).toBe("https://img.example.com/guide.png?size=large&amp;v=2");
  });

  it("the store page carries the store's name, bio and logo", async () => {
    const html = await raw("/s/ann-archer");
    expect(meta(html, "og:title")).toBe("Ann Archer");
    expect(meta(html, "og:description")).toBe("Guides &quot;for&quot; &lt;makers&gt;");
    expect(meta(html, "og:image")).toBe("https://img.example.com/ann.png");
    expect(meta(html, "og:type")).toBe("profile");
    expect(meta(html, "twitter:card")).toBe("summary");
  });

  it("a product without a picture falls back to the seller's logo (Pro) or the site's image", async () => {
    const plain = await call(stack(), "POST", "/api/products", {
      cookie: ann.cookie,
      body: { ...productBody("Plain"), headline: "", description: "First line.\nSecond line." },
    });
    let html = await raw(`/product/${plain.json.id}`);
    expect(meta(html, "og:title")).toBe("Plain");
    expect(meta(html, "og:description")).toBe("First line. Second line.");
    expect(meta(html, "og:image")).toBe("https://img.example.com/ann.png");
    expect(meta(html, "twitter:card")).toBe("summary");
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id: ann.id }).set({ plan: "free" }).go();
    html = await raw(`/product/${plain.json.id}`);
    expect(meta(html, "og:image")).toBe(`${stack().url}/og-image.jpg`);
    await UserEntity.patch({ id: ann.id }).set({ plan: "pro" }).go();
  });

  it("unknown and unavailable products and unknown stores answer 404 with the generic preview", async () => {
    const paused = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: productBody("Paused") });
    await call(stack(), "PUT", `/api/products/${paused.json.id}`, { cookie: ann.cookie, body: { is_active: false } });
    for (const path of [`/product/${paused.json.id}`, "/product/nope", "/s/nobody-here", "/s/%E0%A4%A"]) {
      const html = await raw(path, 404);
      expect(meta(html, "og:title"), path).toBeUndefined();
      expect(html, path).toContain("sell digital products with a sales page");
      expect(/<title>(.*)<\/title>/.exec(html)?.[1], path).toMatch(
        /^(Product not found|Product Unavailable|Store not found)/,
      );
    }
    // Any other page is the app's, untouched.
    expect(await raw("/pricing")).toBe(TEMPLATE);
  });

  it("the production page Lambda answers the same HTML as the local server", async () => {
    const { handler } = await import("../src/pages/handler");
    for (const [path, status] of [
      [`/product/${productId}`, 200],
      ["/s/ann-archer", 200],
      ["/product/nope", 404],
      ["/product/a/b", 200],
    ] as const) {
      const res = await handler({ rawPath: path, rawQueryString: "" } as Parameters<typeof handler>[0]);
      expect(res.statusCode, path).toBe(status);
      expect(res.headers?.["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body, path).toBe(await raw(path, status));
    }
  });
});
