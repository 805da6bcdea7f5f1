import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { PHONE, useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * An affiliate's code on the creator's own pages: a buyer opens a sales page with `?ref=` from
 * one affiliate, then the store with another's (last click wins), and buys; the sale credits the
 * second. On another site, the overlay embed carries the host page's `?ref=` into its frame, and
 * the overlay's checkout credits that affiliate though the frame sees no Payloft cookie. The
 * creator's Sales History shows who brought each sale and the commission.
 */
const b = useBrowser();
const SELLER = { email: "rae.refs@e2e.local", name: "Rae Refs" };
const FIRST = "fay.first@e2e.local";
const SECOND = "sid.second@e2e.local";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
let productId = "";
const codes: Record<string, string> = {};
let host: Server;
let hostUrl = "";

/** The creator invites `email` at `percent`; that person signs in and accepts. Their code. */
async function affiliate(email: string, percent: number) {
  const invited = await seller.page.request.post("/api/affiliates", {
    data: { email, commission_percent: percent, product_ids: null },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { id, code } = ((await invited.json()) as { affiliate: { id: string; code: string } }).affiliate;
  const { page, context } = await b.newPage();
  await signIn(page, email, email.split("@")[0]!);
  const accepted = await page.request.post(`/api/affiliate/invitations/${id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await context.close();
  return code;
}

beforeAll(async () => {
  seller = await sellerWithProducts(b, SELLER, [
    { name: "Referral Guide", headline: "Grow by referral", price: "20", media_type: "none", media_url: "" },
  ]);
  productId = seller.ids[0]!;
  const store = await seller.page.request.put("/api/store", { data: { handle: "rae-refs" } });
  expect(store.ok(), await store.text()).toBe(true);
  codes[FIRST] = await affiliate(FIRST, 10);
  codes[SECOND] = await affiliate(SECOND, 25);
  // The creator's own site: a blog post with the embed's link (the link names no affiliate).
  const base = b.baseUrl();
  host = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Rae's site</title></head><body>
      <h1>Rae's site</h1>
      <p><a href="${base}/product/${productId}" data-payloft-overlay>Buy the Referral Guide</a></p>
      <script src="${base}/embed.js" defer></script></body></html>`);
  });
  await new Promise<void>((r) => host.listen(0, "127.0.0.1", () => r()));
  hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}/`;
});

afterAll(() => new Promise<void>((r) => (host ? host.close(() => r()) : r())));

/** The creator's Sales History row of `buyer` names `affiliate` and `commission`. */
async function creditedIn(page: Page, buyer: string, affiliate: string, commission: string) {
  await page.goto("/dashboard?section=settings");
  await page.getByRole("tab", { name: "Sales History" }).click();
  const row = page.getByRole("table", { name: "Sales history" }).locator("tbody tr").filter({ hasText: buyer });
  await row.getByTestId("sale-affiliate").getByText(affiliate).waitFor();
  await row.getByText(`${commission} commission`).waitFor();
}

describe("?ref= on the creator's pages", () => {
  it("a buyer opens a sales page with one affiliate's ref, then the store with another's, and buys: the last one earns", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/p/${productId}?ref=${codes[FIRST]}`);
    await page.getByRole("heading", { name: "Grow by referral" }).waitFor();
    const first = (await context.cookies()).find((c) => c.name === "payloft_ref");
    expect(first?.value).toContain(`.${codes[FIRST]}.`);
    expect(first?.httpOnly).toBe(true);

    await page.goto(`/s/rae-refs?ref=${codes[SECOND]}`);
    await b.shot(page, "affiliate-ref-store-phone");
    await page
      .getByRole("link", { name: /Referral Guide/ })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/product/${productId}$`));
    await page.getByRole("heading", { name: "Grow by referral" }).waitFor();
    await page.getByRole("button", { name: "Buy Now - $20.00" }).first().click();
    await payOnSandbox(page, "reed.buyer@e2e.local", "$20.00");
    await context.close();
    await creditedIn(seller.page, "reed.buyer@e2e.local", SECOND, "$5.00");
  });
});

describe("the overlay embed carries the attribution", () => {
  it("the host page's ?ref= rides into the overlay, whose checkout credits that affiliate", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`${hostUrl}?ref=${codes[FIRST]}`);
    await page.getByRole("link", { name: "Buy the Referral Guide" }).click();
    const frameEl = page.locator('iframe[title="Checkout"]');
    expect(await frameEl.getAttribute("src")).toBe(`${b.baseUrl()}/overlay/product/${productId}?ref=${codes[FIRST]}`);
    const frame = page.frameLocator('iframe[title="Checkout"]');
    await frame.getByRole("heading", { name: "Grow by referral" }).waitFor({ timeout: 20_000 });
    await frame.locator("html[data-hydrated]").waitFor({ timeout: 20_000 });
    // The frame is another site's: no attribution cookie reaches it, the code travels in Buy.
    expect((await context.cookies(b.baseUrl())).map((c) => c.name)).not.toContain("payloft_ref");
    await b.shot(page, "affiliate-ref-overlay");
    const opened = context.waitForEvent("page");
    await frame.getByRole("button", { name: "Buy Now - $20.00" }).click();
    const tab = await opened;
    await payOnSandbox(tab, "otto.overlay@e2e.local", "$20.00");
    await frame.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
    await context.close();
    await creditedIn(seller.page, "otto.overlay@e2e.local", FIRST, "$2.00");
    await b.shot(seller.page, "affiliate-ref-sales-history");
  });
});
