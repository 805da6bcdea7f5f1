import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { PHONE, useBrowser } from "../src/browser";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * What a buyer and a creator see on a phone (390 px) and in their own currencies: the
 * storefront's cards say a membership's period ("from €9 / month"), and the tabs of the buyer's
 * portal and of Settings are one row, which scrolls within itself to show the tab selected.
 */
const b = useBrowser();
const HANDLE = "petra-prices";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;

const none = { media_type: "none", media_url: "" };
beforeAll(async () => {
  seller = await sellerWithProducts(b, { email: "petra.prices@e2e.local", name: "Petra Prices" }, [
    {
      name: "Euro Circle",
      headline: "A membership in euros",
      currency: "eur",
      billing: "recurring",
      tiers: [
        {
          id: "basic",
          name: "Basic",
          prices: [
            { interval: "month", amount: 9 },
            { interval: "year", amount: 90 },
          ],
        },
        { id: "pro", name: "Pro", prices: [{ interval: "month", amount: 19 }] },
      ],
      ...none,
    },
    {
      name: "Solo Notes",
      headline: "One tier, monthly",
      billing: "recurring",
      tiers: [{ id: "solo", name: "Solo", prices: [{ interval: "month", amount: 5 }] }],
      ...none,
    },
    { name: "Yen Guide", headline: "Priced in yen", price: "1500", currency: "jpy", ...none },
    { name: "Free Sheet", headline: "Costs nothing", price: "0", ...none },
  ]);
  const store = await seller.page.request.put("/api/store", { data: { handle: HANDLE, bio: "Prices, clearly." } });
  expect(store.ok(), await store.text()).toBe(true);
});

/** The part of `el` outside the viewport's width, in px (0 when all of it is on screen). */
async function outside(page: Page, el: Locator) {
  const box = (await el.boundingBox())!;
  const width = page.viewportSize()!.width;
  return Math.max(0, -box.x) + Math.max(0, box.x + box.width - width);
}

/** The tabs all sit on one line (they once wrapped onto three at 390 px). */
const oneRow = async (tabs: Locator) =>
  new Set(await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))).size === 1;

describe("on a phone, in the product's own currency", () => {
  it("the storefront's cards show a membership's period, 'from' when it has other prices", async () => {
    for (const [tag, viewport] of [
      ["desktop", undefined],
      ["phone", PHONE],
    ] as const) {
      const { page, context } = await b.newPage(viewport ? { viewport } : {});
      await page.goto(`/s/${HANDLE}`);
      const price = (name: string) => page.getByRole("link", { name: new RegExp(name) }).getByTestId("store-price");
      // Two tiers, monthly and yearly: its lowest price per its period, "from".
      expect(await price("Euro Circle").textContent()).toBe("from €9 / month");
      // One price only: no "from".
      expect(await price("Solo Notes").textContent()).toBe("$5 / month");
      expect(await price("Yen Guide").textContent()).toBe("¥1,500");
      expect(await price("Free Sheet").textContent()).toBe("Free");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
      await b.shot(page, `store-prices-${tag}`);
      await context.close();
    }
  });

  it("the creator's product cards say the same: 'from' only when there is another price", async () => {
    const { page } = seller;
    await page.goto("/dashboard");
    const card = (name: string) => page.getByTestId("product-card").filter({ hasText: name });
    await card("Euro Circle").getByText("from €9 / month", { exact: true }).waitFor();
    await card("Solo Notes").getByText("$5 / month", { exact: true }).waitFor();
    expect(await card("Solo Notes").getByText("from $5 / month").count()).toBe(0);
    // At 390 px the card's four actions sit two by two, "Embed" beside "Copy URL", not alone.
    await page.setViewportSize(PHONE);
    const actions = card("Yen Guide");
    const top = async (name: RegExp) => (await actions.getByRole("button", { name }).boundingBox())!.y;
    expect(await top(/^Embed/)).toBe(await top(/^Copy URL/));
    expect(await top(/^Edit/)).toBe(await top(/^(Deactivate|Activate)$/));
    await b.shot(page, "product-card-actions-phone");
  });

  it("a new creator with a long address sees all of it on the first onboarding step", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    const email = "nora.newcomer.with.a.long.address@e2e-onboarding.local";
    await signIn(page, email, "Nora Newcomer");
    await page.waitForURL(/\/onboarding/);
    const account = page.getByLabel("Signed-in account");
    await account.getByText(email).waitFor();
    // Wrapped, not cut off with an ellipsis: no part of it is hidden or past the screen's edge.
    const hidden = await account.getByText(email).evaluate((el) => {
      const line = el.closest("p")!;
      return line.scrollWidth - line.clientWidth + (getComputedStyle(line).textOverflow === "ellipsis" ? 1 : 0);
    });
    expect(hidden).toBeLessThanOrEqual(0);
    expect(await outside(page, account.getByText(email))).toBe(0);
    await b.shot(page, "onboarding-email-phone");
    await context.close();
  });

  it("every tab of the buyer's portal is in one row at 390 px, opens and is then on screen", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, "buyer@demo.local"); // the demo buyer: a purchase, so the portal opens (read only)
    await page.goto("/customer");
    const tabs = page.getByRole("tablist", { name: "Customer portal sections" }).getByRole("tab");
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      "My Products",
      "Purchase History",
      "Profile Settings",
      "Help & Support",
    ]);
    expect(await oneRow(tabs)).toBe(true);
    for (const tab of await tabs.all()) {
      await tab.click(); // a click at its centre: nothing covers it
      expect(await tab.getAttribute("aria-selected")).toBe("true");
      await expect.poll(() => outside(page, tab), { message: (await tab.textContent()) ?? "" }).toBe(0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "portal-tabs-phone");
    await context.close();
  });

  it("the Settings tabs are one row at 390 px, the arrow keys bringing each on screen", async () => {
    const { page } = seller;
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard?section=settings");
    const tabs = page.getByRole("tablist", { name: "Settings sections" }).getByRole("tab");
    await tabs.first().waitFor();
    expect(await oneRow(tabs)).toBe(true);
    await tabs.first().focus();
    for (const tab of (await tabs.all()).slice(1)) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
      await expect.poll(() => outside(page, tab), { message: (await tab.textContent()) ?? "" }).toBe(0);
    }
    await b.shot(page, "settings-tabs-phone");
    await seller.context.close();
  });
});
