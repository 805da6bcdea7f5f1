import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { buyOnSalesPage } from "../src/sales-page";
import { createProducts, sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Bundles (rule: Bundles): a creator picks three of their products in the product dialog's
 * bundle type; the sales page lists what is inside and the saving in the bundle's currency (also
 * as the server renders it, before any script); bought, the bundle delivers three links on the
 * success page and in the buyer's portal. On a desktop in dollars and on a phone in euros.
 */
const b = useBrowser();
const ITEMS = ["Icon Set", "Font Pack", "Mockup Kit"];

/** The success page's three item links: each its own access link. */
async function deliveredLinks(page: Page) {
  const items = page.getByTestId("bundle-item");
  await expect.poll(() => items.count()).toBe(3);
  expect(await items.allInnerTexts()).toEqual(ITEMS.map((name) => expect.stringContaining(name)));
  const links = await page
    .getByRole("link", { name: /^Open / })
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(links).toHaveLength(3);
  for (const href of links) expect(href).toMatch(/\/a\/[A-Za-z0-9_-]{32}$/);
  expect(new Set(links).size).toBe(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe("a bundle of three, bought, delivers three links", () => {
  it("on a desktop in dollars: made in the product dialog, saving shown, three links after paying", async () => {
    const seller = await sellerWithProducts(b, { email: "bea.bundles@e2e.local", name: "Bea Bundles" }, [
      { name: ITEMS[0], price: "12" },
      { name: ITEMS[1], price: "15", license_keys: true },
      { name: ITEMS[2], price: "20" },
    ]);
    const { page } = seller;
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Product" });
    await dialog.getByLabel("Product name").fill("Designer's Bundle");
    await dialog.getByLabel("Headline", { exact: true }).fill("Three kits, one price");
    await dialog.getByLabel("Product type").selectOption("bundle");
    for (const name of ITEMS) await dialog.getByRole("checkbox", { name: new RegExp(name) }).check();
    await dialog.getByText("3 selected · worth $47.00 separately").waitFor();
    await dialog.getByLabel(/^Price/).fill("30");
    expect(await graveViolations(page)).toEqual([]);
    await b.shot(page, "bundle-dialog-desktop");
    await dialog.getByRole("button", { name: "Create Product" }).click();
    await page.getByText("Product created").first().waitFor();
    const list = (await (await page.request.get("/api/products")).json()) as { id: string; name: string }[];
    const bundleId = list.find((p) => p.name === "Designer's Bundle")!.id;
    await seller.context.close();

    const { page: buyer, context } = await b.newPage();
    await buyer.goto(`/product/${bundleId}`);
    const inside = buyer.getByRole("region", { name: "What's inside (3 products)" });
    await inside.waitFor();
    expect(await buyer.getByTestId("bundle-worth").innerText()).toBe("$47.00");
    expect(await buyer.getByTestId("bundle-saving").innerText()).toBe("You save $17.00");
    expect(await graveViolations(buyer)).toEqual([]);
    await b.shot(buyer, "bundle-sales-page-desktop");
    await buyOnSalesPage(buyer, `/product/${bundleId}`, "Three kits, one price", "$30.00", "dan.desktop@e2e.local");
    await deliveredLinks(buyer);
    await buyer.getByText("Licence key:").waitFor();
    expect(await graveViolations(buyer)).toEqual([]);
    await b.shot(buyer, "bundle-success-desktop");
    await context.close();
  }, 180_000);

  it("on a phone in euros, with the contents on the page before any script", async () => {
    const seller = await sellerWithProducts(b, { email: "eli.eurobundle@e2e.local", name: "Eli Euro" }, [
      { name: ITEMS[0], price: "9.50", currency: "eur" },
      { name: ITEMS[1], price: "12", currency: "eur" },
      { name: ITEMS[2], price: "18.50", currency: "eur" },
    ]);
    const [bundleId] = await createProducts(seller.page, [
      {
        name: "Euro Bundle",
        headline: "All three in euros",
        price: "25",
        currency: "eur",
        type: "bundle",
        content_url: "",
        bundle_product_ids: seller.ids,
      },
    ]);
    await seller.context.close();

    const still = await b.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await still.page.goto(`/product/${bundleId}`);
    await still.page.getByRole("region", { name: "What's inside (3 products)" }).waitFor();
    expect(await still.page.getByTestId("bundle-saving").innerText()).toBe("You save €15.00");
    await still.context.close();

    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${bundleId}`);
    expect(await page.getByTestId("bundle-worth").innerText()).toBe("€40.00");
    await b.shot(page, "bundle-sales-page-phone");
    await buyOnSalesPage(page, `/product/${bundleId}`, "All three in euros", "€25.00", "pia.phone@e2e.local");
    await deliveredLinks(page);
    expect(await graveViolations(page)).toEqual([]);
    await b.shot(page, "bundle-success-phone");
    await context.close();

    // The buyer's portal groups the three items under the bundle.
    const portal = await b.newPage({ viewport: PHONE });
    await signIn(portal.page, "pia.phone@e2e.local", "Pia Phone");
    await portal.page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
    const bundle = portal.page.getByTestId("library-item").filter({ hasText: "Euro Bundle" });
    await bundle.waitFor();
    expect(await bundle.getByTestId("bundle-item").allInnerTexts()).toEqual(
      ITEMS.map((name) => expect.stringContaining(name)),
    );
    expect(await graveViolations(portal.page)).toEqual([]);
    await b.shot(portal.page, "bundle-portal-phone");
    await portal.context.close();
  }, 180_000);
});
