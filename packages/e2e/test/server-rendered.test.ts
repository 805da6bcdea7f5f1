import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "../src/browser";
import { DESKTOP, PHONE } from "../src/screens";
import { createProducts, sellerWithProducts } from "../src/seller";

/**
 * The sales page, its short link, the overlay checkout and store pages are rendered on the server
 * (packages/functions/src/pages): the first HTML already shows the product and its price, and the
 * browser takes the page over (hydrateRoot) from the data in the page, without a single hydration
 * warning: React logs a mismatch as a console error or warning, and either fails this file.
 */
const b = useBrowser();
const ids = { paid: "", pwyw: "", free: "", club: "", bundle: "" };

beforeAll(async () => {
  const seller = await sellerWithProducts(b, { email: "rhea@e2e.local", name: "Rhea Render", plan: "pro" }, [
    { name: "Render Kit", headline: "Pages that arrive ready", price: "24", media_type: "none", media_url: "" },
    {
      name: "Yen Guide",
      headline: "Pay what it is worth",
      price: "500",
      currency: "jpy",
      pay_what_you_want: true,
      media_type: "none",
      media_url: "",
    },
    { name: "Free Sheet", headline: "One page, free", price: "0", currency: "eur", media_type: "none", media_url: "" },
    {
      name: "Render Club",
      headline: "Join the render club",
      billing: "recurring",
      tiers: [{ id: "basic", name: "Basic", description: "Monthly notes", prices: [{ interval: "month", amount: 9 }] }],
      media_type: "none",
      media_url: "",
    },
    { name: "Render Extras", headline: "More pages", price: "12", media_type: "none", media_url: "" },
  ]);
  [ids.paid, ids.pwyw, ids.free, ids.club] = seller.ids as [string, string, string, string];
  [ids.bundle] = (await createProducts(seller.page, [
    {
      name: "Render Bundle",
      headline: "Both kits, one price",
      price: "30",
      type: "bundle",
      content_url: "",
      bundle_product_ids: [ids.paid, seller.ids[4]],
      media_type: "none",
      media_url: "",
    },
  ])) as [string];
  const store = await seller.context.request.put("/api/store", { data: { handle: "rhea-render", bio: "Fast pages." } });
  expect(store.status(), await store.text()).toBe(200);
  await seller.context.close();
});

/** Every console error or warning and every uncaught error of the page, hydration's included. */
function listen(page: Page) {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

/** The path, what the first HTML shows before any script runs, and what the page then shows. */
const PAGES = () =>
  [
    { path: `/product/${ids.paid}`, text: ["Pages that arrive ready", "$24.00"], status: 200 },
    { path: `/p/${ids.pwyw}`, text: ["Pay what it is worth", "¥500"], status: 200 },
    { path: `/product/${ids.free}`, text: ["One page, free", "Get it free"], status: 200 },
    { path: `/overlay/product/${ids.paid}`, text: ["Render Kit", "$24.00"], status: 200 },
    { path: `/product/${ids.club}`, text: ["Join the render club", "Basic"], status: 200 },
    { path: `/product/${ids.bundle}`, text: ["Both kits, one price", "What's inside"], status: 200 },
    { path: "/s/rhea-render", text: ["Rhea Render", "Render Kit", "Yen Guide"], status: 200 },
    { path: "/product/no-such-product", text: ["Product not found"], status: 404 },
    { path: "/s/no-such-store", text: ["Store not found"], status: 404 },
  ] as const;

describe("server-rendered pages", () => {
  it("the first HTML carries the page, its data in a JSON script that never runs, and no inline script", async () => {
    for (const { path, text, status } of PAGES()) {
      const res = await fetch(`${b.baseUrl()}${path}`);
      expect(res.status, path).toBe(status);
      const html = await res.text();
      const visible = html.replace(/<script[\s\S]*?<\/script>/g, "");
      for (const t of text) expect(visible, `${path}: ${t}`).toContain(t.replace("'", "&#x27;"));
      expect(html, path).toContain('<script type="application/json" id="page-data">');
      // Every other script is a module loaded by URL: nothing inline, so the CSP needs no unsafe-inline.
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      for (const [, attrs, body] of scripts) {
        if (attrs!.includes('type="application/json"')) continue;
        expect(attrs, path).toMatch(/ src="\/assets\//);
        expect(body, path).toBe("");
      }
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      expect(scriptSrc, path).toBe("'self'");
      // Its stylesheet comes inside it: no stylesheet request holds the first paint back.
      expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const style = /<style data-href="([^"]+)">([\s\S]*?)<\/style>/.exec(html);
      expect(style?.[2], path).toMatch(/\.bg-white\{/);
      // Only the rules this HTML uses: a plain class rule of the whole sheet that the HTML does
      // not use is not in it (the browser fetches the whole sheet before React, see below).
      const whole = await (await fetch(`${b.baseUrl()}${style![1]}`)).text();
      const used = new Set([...html.matchAll(/ class="([^"]*)"/g)].flatMap((m) => m[1]!.split(" ")));
      const unused = [...whole.matchAll(/\.([a-z][a-z0-9-]*)\{/g)].map((m) => m[1]!).filter((c) => !used.has(c));
      expect(unused.length, path).toBeGreaterThan(0);
      for (const name of unused) expect(style![2], `${path}: .${name}`).not.toContain(`.${name}{`);
      expect(style![2]!.length, path).toBeLessThan(whole.length);
    }
  });

  for (const [width, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`the browser hydrates every page with no warning at ${width} width`, async () => {
      const { page, context } = await b.newPage({ viewport });
      const problems = listen(page);
      for (const { path, text } of PAGES()) {
        await page.goto(path);
        await page.locator("html[data-hydrated]").waitFor();
        for (const t of text) await expect(page.getByText(t).first().isVisible(), `${path}: ${t}`).resolves.toBe(true);
        // React took over with the page's whole stylesheet, not just the rules the HTML used.
        const href = await page.locator("style[data-href]").getAttribute("data-href");
        await expect(page.locator(`link[rel="stylesheet"][href="${href}"]`).count(), path).resolves.toBe(1);
      }
      // The 404 pages' own document answers 404: the browser logs that response, not a warning.
      expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
      await context.close();
    });
  }

  it("a product's page downloads the parts only some products show only when it shows them", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    const PARTS = ["ClaimForm", "BundleContents", "TierPicker", "CartDrawer"];
    const shows = {
      [ids.paid]: [],
      [ids.free]: ["ClaimForm"],
      [ids.club]: ["TierPicker"],
      [ids.bundle]: ["BundleContents"],
    };
    for (const [id, parts] of Object.entries(shows)) {
      await page.goto(`/product/${id}`);
      await page.locator("html[data-hydrated]").waitFor();
      const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((r) => r.name));
      const chunks = PARTS.filter((part) =>
        fetched.some((url) => new RegExp(`/assets/${part}-[\\w-]+\\.js$`).test(url)),
      );
      expect(chunks, id).toEqual(parts);
    }
    await context.close();
  });

  it("the store and sales pages do not move while they load and React takes over (no layout shift)", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    for (const path of ["/s/rhea-render", `/product/${ids.paid}`]) {
      await page.goto(path);
      await page.locator("html[data-hydrated]").waitFor();
      // Every shift since the page began (buffered), with what moved.
      const shifts = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const seen: string[] = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & {
                value: number;
                sources?: { node?: Node }[];
              })[])
                seen.push(`${e.value}: ${(e.sources ?? []).map((s) => s.node?.nodeName).join(", ")}`);
            }).observe({ type: "layout-shift", buffered: true });
            // The buffered entries arrive in the observer's first callback, or none at all.
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(seen)));
          }),
      );
      expect(shifts, path).toEqual([]);
    }
    await context.close();
  });

  it("React is fetched only once the sales and store pages have loaded (their pictures first)", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    for (const path of [`/product/${ids.paid}`, "/s/rhea-render"]) {
      await page.goto(path);
      await page.locator("html[data-hydrated]").waitFor();
      const timing = await page.evaluate(() => ({
        load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
        react: performance.getEntriesByType("resource").find((r) => /\/assets\/react-[\w-]+\.js$/.test(r.name))
          ?.startTime,
      }));
      expect(timing.react, path).toBeGreaterThanOrEqual(timing.load);
    }
    await context.close();
  });

  it("the hydrated sales page behaves as before: pay what you want and the claim form work", async () => {
    const { page, context } = await b.newPage({ viewport: DESKTOP });
    await page.goto(`/p/${ids.pwyw}`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("spinbutton", { name: "Your price (JPY)" }).first().fill("800");
    await expect(
      page
        .getByRole("button", { name: /Buy Now/ })
        .first()
        .textContent(),
    ).resolves.toContain("800");
    await page.goto(`/product/${ids.free}`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("textbox", { name: "Your e-mail address" }).first().fill("fan@example.com");
    await page.getByRole("button", { name: "Get it free" }).first().click();
    await page.waitForURL(/\/checkout\/success\?session_id=claim_/);
    await page.getByRole("heading", { name: "It's yours!" }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it("without JavaScript, a refused Buy shows a page that says why, with the way back", async () => {
    const seller = await sellerWithProducts(b, { email: "rory@e2e.local", name: "Rory Refused", plan: "pro" }, [
      { name: "Gone Soon", headline: "Here, then not", price: "9", media_type: "none", media_url: "" },
    ]);
    const id = seller.ids[0]!;
    const { page, context } = await b.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/product/${id}`);
    await page.getByRole("heading", { name: "Here, then not" }).waitFor();
    // The seller takes it off sale while the buyer is on the page.
    const off = await seller.context.request.put(`/api/products/${id}`, { data: { is_active: false } });
    expect(off.status(), await off.text()).toBe(200);
    await page.getByRole("button", { name: "Buy Now - $9.00" }).last().click();
    await page.getByRole("heading", { name: "Your order could not start" }).waitFor();
    const sentence = (await page.locator("h1 + p").textContent()) ?? "";
    expect(sentence).toMatch(/^[A-Z][^{}]+\.?$/);
    await page.getByRole("link", { name: "Back to the product" }).click();
    await page.waitForURL(new RegExp(`/product/${id}$`));
    await seller.context.close();
    await context.close();
  });

  it("without JavaScript, a free product is claimed with its form and the purchase is shown", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/product/${ids.free}`);
    await page.getByRole("textbox", { name: "Your e-mail address" }).first().fill("nojs-fan@example.com");
    await page.getByRole("button", { name: "Get it free" }).first().click();
    await page.getByRole("heading", { name: "It's yours!" }).waitFor();
    await expect(page.getByText("nojs-fan@example.com").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Open it now" }).getAttribute("href")).resolves.toMatch(/\/a\//);
    await context.close();
  });

  it("works before JavaScript: the product, its price, and Buy (a form) leads to the payment page", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await b.newPage({ viewport, javaScriptEnabled: false });
      await page.goto(`/product/${ids.paid}`);
      await page.getByRole("heading", { name: "Pages that arrive ready" }).waitFor();
      await expect(page.getByText("$24.00").first().isVisible()).resolves.toBe(true);
      const buy = page.getByRole("button", { name: "Buy Now - $24.00" });
      await buy.last().click();
      await page.waitForURL(/\/pay\/cs_test_/);
      await context.close();
    }
  });
});
