import { beforeAll, describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { graveViolations } from "../src/axe";
import { PHONE, useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { buyOnSalesPage, claimFree, purchaseCard } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * How the charts' axes and the tab rows read, at 1280 and 390 px, in four currencies. A seller
 * whose pounds and euros are a few units and whose yen and dollars are free claims (sales, no
 * revenue): money axes tick in whole units of the currency, a currency with no revenue reads
 * "¥0" on a flat line (not ¥0, ¥1, ¥2, ¥3, ¥4), and the two axes share the grid lines. The
 * admin's tooltips stay inside their card on a phone, and the buyer's five portal tabs are one
 * row at 390 px, the selected one scrolled into view.
 */
const b = useBrowser();
const BUYER = "bea.axes@e2e.local";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;

const none = { media_type: "none", media_url: "" };
beforeAll(async () => {
  seller = await sellerWithProducts(b, { email: "axel.axes@e2e.local", name: "Axel Axes" }, [
    { name: "Pound Pamphlet", headline: "A pamphlet in pounds", price: "2.50", currency: "gbp", ...none },
    {
      name: "Euro Circle Axes",
      headline: "A monthly circle in euros",
      currency: "eur",
      billing: "recurring",
      tiers: [{ id: "basic", name: "Basic", prices: [{ interval: "month", amount: 9 }] }],
      ...none,
    },
    { name: "Yen Sheet", headline: "Free, in yen", price: "0", currency: "jpy", ...none },
    { name: "Dollar Sheet", headline: "Free, in dollars", price: "0", ...none },
  ]);
  const [pound, euro, yen, dollar] = seller.ids as [string, string, string, string];
  const { page, context } = await b.newPage();
  await buyOnSalesPage(page, `/product/${pound}`, "A pamphlet in pounds", "£2.50", BUYER);
  await page.goto(`/product/${euro}`);
  await purchaseCard(page).getByRole("button", { name: "Subscribe - €9 / month" }).click();
  await payOnSandbox(page, BUYER, "€9.00");
  await claimFree(page, yen, BUYER);
  await claimFree(page, dollar, BUYER);
  await context.close();
}, 180_000);

/** A Y axis's tick labels in the order drawn (zero first), with their heights on the page. */
async function yTicks(axis: Locator) {
  await axis.locator("text").first().waitFor();
  return axis
    .locator("text")
    .evaluateAll((els) =>
      els.map((el) => ({ label: el.textContent ?? "", y: Math.round(el.getBoundingClientRect().y) })),
    );
}

/** Whole units of the currency, evenly spaced ("£0 £1 £2 £3"), never "£0.50" nor two "£1"s. */
function expectWholeUnits(labels: string[], sign: string) {
  const amounts = labels.filter(Boolean).map((l) => {
    expect(l).toMatch(new RegExp(`^-?\\${sign}\\d[\\d,]*$`));
    return Number(l.replace(/[^\d-]/g, ""));
  });
  const steps = new Set(amounts.slice(1).map((a, i) => a - amounts[i]!));
  expect(steps.size, labels.join(" ")).toBeLessThanOrEqual(1);
  expect(
    [...steps].every((s) => s > 0),
    labels.join(" "),
  ).toBe(true);
}

const SIGN = { EUR: "€", GBP: "£", JPY: "¥", USD: "$" } as const;
/** The seller's revenue per currency: pounds and euros earned, yen and dollars only free claims. */
const EARNED = { EUR: true, GBP: true, JPY: false, USD: false } as const;

describe("the creator's chart, in each currency", () => {
  for (const [tag, viewport] of [
    ["desktop", { width: 1280, height: 860 }],
    ["phone", PHONE],
  ] as const) {
    it(`ticks whole units, reads ¥0 for no revenue and shares its grid lines (${tag})`, async () => {
      const { page } = seller;
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: "reduce" }); // charts drawn at once
      const chart = page.getByTestId("sales-chart-line");
      const currency = page.getByRole("radiogroup", { name: "Revenue currency" });
      // The sales are counted by the tally after they are fulfilled: reload until all four are.
      await expect
        .poll(
          async () => {
            await page.goto("/dashboard?section=analytics");
            await currency.getByRole("radio").first().waitFor();
            return (await currency.getByRole("radio").allTextContents()).sort().join(" ");
          },
          { timeout: 20_000 },
        )
        .toBe("EUR GBP JPY USD");
      for (const code of ["EUR", "GBP", "JPY", "USD"] as const) {
        await currency.getByRole("radio", { name: code }).click();
        await chart.getByText(`Revenue (${code})`).waitFor();
        const axes = chart.locator(".recharts-yAxis-tick-labels");
        await expect
          .poll(async () => (await yTicks(axes.last())).some((t) => t.label.startsWith(SIGN[code])))
          .toBe(true);
        const sales = await yTicks(axes.first());
        const revenue = await yTicks(axes.last());
        // Counts are whole: 0 1 2 3, never 0.25.
        for (const t of sales) expect(t.label).toMatch(/^\d+$/);
        expectWholeUnits(
          revenue.map((t) => t.label),
          SIGN[code],
        );
        if (!EARNED[code]) {
          // Sales and no revenue: the revenue line lies flat on one labelled "¥0".
          expect(revenue.map((t) => t.label).filter(Boolean)).toEqual([`${SIGN[code]}0`]);
        } else expect(revenue.filter((t) => t.label).length).toBeGreaterThan(1);
        // Each revenue label sits on a grid line of the sales axis: one grid, two scales.
        const lines = new Set(sales.map((t) => t.y));
        for (const t of revenue.filter((r) => r.label)) expect(lines, `${code} ${t.label}`).toContain(t.y);
        expect(await chart.locator(".recharts-cartesian-grid-horizontal line").count()).toBe(sales.length);
        await b.shot(page, `axes-chart-${code.toLowerCase()}-${tag}`);
      }
      expect(await graveViolations(page), "axe").toEqual([]);
    });
  }
});

describe("the admin's overview on a phone", () => {
  it("ticks whole units in every currency and keeps its tooltips inside their cards", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signIn(page, "admin@demo.local");
    await page.goto("/admin");
    const revenueChart = page.getByTestId("chart-revenue");
    const switcher = revenueChart.getByRole("radiogroup", { name: "Revenue currency" });
    await switcher.getByRole("radio", { name: "GBP" }).waitFor();
    for (const code of ["USD", "EUR", "JPY", "GBP"] as const) {
      await switcher.getByRole("radio", { name: code }).click();
      const axis = revenueChart.locator(".recharts-yAxis-tick-labels");
      await expect.poll(async () => (await yTicks(axis)).some((t) => t.label.startsWith(SIGN[code]))).toBe(true);
      expectWholeUnits(
        (await yTicks(axis)).map((t) => t.label),
        SIGN[code],
      );
    }
    // Today's pound sale, with the day's sales in other currencies named beside it: a long
    // line that wraps on a phone, inside the card's padding.
    const salesChart = page.getByTestId("chart-sales");
    await salesChart.getByRole("heading", { name: "Sales Volume (GBP)" }).waitFor();
    await salesChart.locator(".recharts-bar-rectangle").last().hover();
    await expect
      .poll(() => salesChart.locator(".recharts-tooltip-item").first().textContent())
      .toMatch(/\(also \d+ in [A-Z]{3}, \d+ in/);
    const tip = (await salesChart.locator(".recharts-default-tooltip").boundingBox())!;
    const inner = await salesChart.evaluate((card) => {
      const content = card.querySelector(".recharts-responsive-container")!.parentElement!.parentElement!;
      const r = content.getBoundingClientRect();
      const s = getComputedStyle(content);
      return { left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight) };
    });
    expect(tip.x).toBeGreaterThanOrEqual(inner.left);
    expect(tip.x + tip.width).toBeLessThanOrEqual(inner.right);
    await b.shot(page, "axes-admin-tooltip-phone");
    expect(await graveViolations(page), "axe").toEqual([]);
    await context.close();
  });
});

describe("the buyer's portal tabs", () => {
  /** How far `tab` is outside its tab list's visible part, in px (0 when all of it shows). */
  const hidden = (tab: Locator) =>
    tab.evaluate((el) => {
      const list = el.closest("[role=tablist]")!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return Math.max(0, list.left - r.left) + Math.max(0, r.right - list.right);
    });

  it("are one row on a phone, the selected tab scrolled into view, arrows moving along it", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, BUYER, "Bea Axes");
    await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
    const list = page.getByRole("tablist", { name: "Customer portal sections" });
    const tabs = list.getByRole("tab");
    await list.getByRole("tab", { name: "Memberships" }).waitFor();
    expect(await tabs.allTextContents()).toEqual([
      "My Products",
      "Memberships",
      "Purchase History",
      "Profile Settings",
      "Help & Support",
    ]);
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tab tops ${tops.join(" ")}`).toBe(1);
    // The row scrolls inside itself; the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "axes-portal-tabs-phone");
    expect(await graveViolations(page), "axe").toEqual([]);

    // The keyboard walks the row: each tab it selects is focused and fully in view.
    await tabs.first().focus();
    for (const name of ["Memberships", "Purchase History", "Profile Settings", "Help & Support"]) {
      await page.keyboard.press("ArrowRight");
      const tab = list.getByRole("tab", { name });
      await expect.poll(() => tab.getAttribute("aria-selected"), { message: name }).toBe("true");
      expect(await tab.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => hidden(tab), { message: name }).toBe(0);
    }
    await page.getByRole("tabpanel").getByRole("heading", { name: "Frequently Asked Questions" }).waitFor();
    await b.shot(page, "axes-portal-tabs-phone-last");
    await page.keyboard.press("Home");
    await expect.poll(() => hidden(list.getByRole("tab", { name: "My Products" }))).toBe(0);
    // A tab opened from the address (the billing page returns to ?tab=help) is in view too.
    await page.goto("/customer-dashboard?tab=help");
    await expect.poll(() => hidden(list.getByRole("tab", { name: "Help & Support" }))).toBe(0);
    await context.close();
  });

  it("are unchanged on a desktop: every tab in view, no scrolling", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, BUYER, "Bea Axes");
    await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
    const list = page.getByRole("tablist", { name: "Customer portal sections" });
    await list.getByRole("tab", { name: "Memberships" }).waitFor();
    for (const tab of await list.getByRole("tab").all()) expect(await hidden(tab)).toBe(0);
    expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await b.shot(page, "axes-portal-tabs-desktop");
    await context.close();
  });
});
