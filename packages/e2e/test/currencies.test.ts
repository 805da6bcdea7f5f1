import { beforeAll, describe, expect, it } from "vitest";
import { PHONE, useBrowser } from "../src/browser";
import { buyOnSalesPage as buy } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Currencies: a buyer who came from the seller's newsletter sees a euro product's price in
 * euros and pays it in euros; others pay in dollars and in yen. The creator's dashboard shows
 * each currency's revenue as its own figure, the traffic report credits the euro sale to the
 * newsletter, the chart plots one currency at a time with a switch, and the admin's All Sales,
 * Moderation, Overview and Financial Reports show euros and yen as euros and yen.
 */
const b = useBrowser();
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
let dollarId = "";
let euroId = "";
let yenId = "";

beforeAll(async () => {
  seller = await sellerWithProducts(b, { email: "elsa.euro@e2e.local", name: "Elsa Euro" }, [
    { name: "Dollar Kit", headline: "Priced in dollars", price: "20", media_type: "none", media_url: "" },
    {
      name: "Euro Kit",
      headline: "Priced in euros",
      price: "9.50",
      currency: "eur",
      media_type: "none",
      media_url: "",
    },
    { name: "Yen Kit", headline: "Priced in yen", price: "1500", currency: "jpy", media_type: "none", media_url: "" },
  ]);
  [dollarId, euroId, yenId] = seller.ids as [string, string, string];
});

describe("a product priced in euros", () => {
  it("the buyer from the newsletter sees €9.50 on the sales page and pays €9.50", async () => {
    const { page, context } = await b.newPage();
    const fromNewsletter = `/product/${euroId}?utm_source=newsletter&utm_campaign=launch`;
    await page.goto(fromNewsletter);
    await page.getByRole("heading", { name: "Priced in euros" }).waitFor();
    expect(await page.getByText("€9.50", { exact: true }).first().isVisible()).toBe(true);
    await b.shot(page, "currency-sales-page-eur");
    await buy(page, fromNewsletter, "Priced in euros", "€9.50", "eva.buyer@e2e.local");
    await b.shot(page, "currency-success-eur");
    await buy(page, `/product/${dollarId}`, "Priced in dollars", "$20.00", "dan.buyer@e2e.local");
    // Yen have no minor unit: ¥1,500, never "¥15.00".
    await buy(page, `/product/${yenId}`, "Priced in yen", "¥1,500", "yui.buyer@e2e.local");
    await context.close();
  });

  it("the creator's dashboard shows the euro revenue separately from the dollars", async () => {
    const { page } = seller;
    await page.goto("/dashboard");
    const revenue = page.getByTestId("stat-revenue");
    await revenue.waitFor();
    await revenue.getByText("€9.50", { exact: true }).waitFor();
    await expect(revenue.getByText("$20.00", { exact: true }).textContent()).resolves.toBe("$20.00");
    await revenue.getByText("¥1,500", { exact: true }).waitFor();
    // Two figures, never one sum of dollars and euros.
    expect(await revenue.textContent()).not.toContain("29.50");
    await b.shot(page, "currency-dashboard");
  });

  it("the traffic report credits the euro sale to the newsletter, in euros", async () => {
    const { page } = seller;
    // Charts honour reduced motion: drawn in their final state at once, so screenshots need no wait.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/dashboard?section=analytics");
    const sources = page.getByRole("table", { name: "Sources" });
    const newsletter = sources.getByRole("row", { name: /^newsletter/ });
    await newsletter.waitFor();
    // Source, views, sales, revenue, conversion: the visit led to one sale of €9.50.
    expect(await newsletter.getByRole("cell").allTextContents()).toEqual(["newsletter", "1", "1", "€9.50", "100.0%"]);
    await page
      .getByRole("table", { name: "Campaigns" })
      .getByRole("row", { name: /^launch\s+1\s+1\s+€9\.50/ })
      .waitFor();
    // The dollar sale came straight to its page: direct, in dollars, never added to the euros.
    await sources.getByRole("row", { name: /^direct\s+2\s+2\s+\$20\.00\s*¥1,500/ }).waitFor();
    expect(await page.getByTestId("traffic-revenue").innerText()).toBe("$20.00\n€9.50\n¥1,500");
    await page.getByRole("heading", { name: "Traffic" }).scrollIntoViewIfNeeded();
    await b.shot(page, "currency-traffic");
    await page.setViewportSize(PHONE);
    await page.getByRole("heading", { name: "Traffic" }).scrollIntoViewIfNeeded();
    await b.shot(page, "currency-traffic-phone");
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("the chart plots one currency's sales and revenue at a time, picked with a switch", async () => {
    const { page } = seller;
    // Charts honour reduced motion: drawn in their final state at once, so screenshots need no wait.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/dashboard?section=analytics");
    const currency = page.getByRole("radiogroup", { name: "Revenue currency" });
    await currency.waitFor();
    // Each sold on one day (today): EUR, JPY, USD; the first is shown.
    expect(await currency.getByRole("radio").allTextContents()).toEqual(["EUR", "JPY", "USD"]);
    const chart = page.getByTestId("sales-chart-line");
    await chart.getByText("Revenue (EUR)").waitFor();
    const ticks = () => chart.locator(".recharts-yAxis-tick-labels").last().locator("text").allTextContents();
    await expect.poll(async () => (await ticks()).join(" ")).toMatch(/^€0 €\d/);
    await b.shot(page, "currency-chart-eur");
    await currency.getByRole("radio", { name: "JPY" }).click();
    await chart.getByText("Revenue (JPY)").waitFor();
    await expect.poll(async () => (await ticks()).join(" ")).toMatch(/^¥0 ¥[1-9][\d,]* /);
    // The plotted figures are the yen's alone: one sale of ¥1,500 (not the day's three sales);
    // the tooltip names the day's other currencies, never a sum.
    const box = (await chart.locator(".recharts-wrapper").boundingBox())!;
    await page.mouse.move(box.x + box.width - 70, box.y + box.height / 2);
    await page.getByText("Sales (JPY): 1", { exact: true }).waitFor();
    await page.getByText("Revenue (JPY): ¥1,500", { exact: true }).waitFor();
    await page.getByText("Also: 1 sale, $20.00 · 1 sale, €9.50").waitFor();
    await b.shot(page, "currency-chart-jpy");
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard?section=analytics");
    await page.getByRole("radiogroup", { name: "Revenue currency" }).getByRole("radio", { name: "EUR" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "currency-chart-phone");
    await seller.context.close();
  });
});

describe("the admin sees each sale in its own currency", () => {
  it("All Sales, Moderation, Overview and Financial Reports show euros and yen", async () => {
    for (const viewport of [undefined, PHONE]) {
      const tag = viewport ? "phone" : "desktop";
      const { page, context } = await b.newPage(viewport ? { viewport } : {});
      await page.emulateMedia({ reducedMotion: "reduce" }); // charts drawn at once, as above
      await signIn(page, "admin@demo.local");
      await page.goto("/admin?section=sales");
      // A table on a desktop, a list on a phone: the same sales, each in its own currency.
      const sales = page.getByRole(viewport ? "list" : "table", { name: "All sales" });
      await sales.getByText("€9.50", { exact: true }).first().waitFor();
      await sales.getByText("¥1,500", { exact: true }).first().waitFor();
      expect(await sales.getByText("$9.50").count()).toBe(0);
      await b.shot(page, `currency-admin-sales-${tag}`);

      await page.goto("/admin?section=moderation");
      await page.locator(`[data-testid=moderation-row-${euroId}]`).getByText("€9.50", { exact: true }).waitFor();
      await page.locator(`[data-testid=moderation-row-${yenId}]`).getByText("¥1,500", { exact: true }).waitFor();
      await b.shot(page, `currency-admin-moderation-${tag}`);

      await page.goto("/admin");
      const revenue = page.getByTestId("card-revenue");
      await revenue
        .getByText(/^€[\d,.]+$/)
        .first()
        .waitFor();
      await revenue
        .getByText(/^¥[\d,]+$/)
        .first()
        .waitFor();
      const switcher = page.getByTestId("chart-revenue").getByRole("radiogroup", { name: "Revenue currency" });
      await switcher.getByRole("radio", { name: "JPY" }).click();
      // The sales bars follow the revenue's currency: yen sales alone, the others named beside.
      const salesChart = page.getByTestId("chart-sales");
      await salesChart.getByRole("heading", { name: "Sales Volume (JPY)" }).waitFor();
      await salesChart.locator(".recharts-bar-rectangle").last().hover(); // today's bar
      await expect
        .poll(() => salesChart.locator(".recharts-tooltip-item").first().textContent())
        .toMatch(/^Sales \(JPY\) : [1-9]\d* \(also \d+ in (USD|EUR)/);
      // The tooltip stays on the screen, its long line wrapped (it ran off a 390 px screen).
      const tip = (await salesChart.locator(".recharts-tooltip-wrapper").boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(tip.x).toBeGreaterThanOrEqual(0);
      expect(tip.x + tip.width).toBeLessThanOrEqual(width);
      await b.shot(page, `currency-admin-overview-${tag}`);

      await page.goto("/admin?section=finance");
      for (const card of ["finance-revenue", "finance-commission", "finance-net"]) {
        await page
          .getByTestId(card)
          .getByText(/^€[\d,.]+$/)
          .first()
          .waitFor();
        await page
          .getByTestId(card)
          .getByText(/^¥[\d,]+$/)
          .first()
          .waitFor();
      }
      const month = page.getByRole("table", { name: "Monthly breakdown" }).getByRole("row").nth(1);
      await month
        .getByText(/^¥[\d,]+$/)
        .first()
        .waitFor();
      await b.shot(page, `currency-admin-finance-${tag}`);
      await context.close();
    }
  });
});

describe("a creator who has no paid sale yet", () => {
  it("a yen creator whose only sale is a free claim sees the chart and revenue in yen", async () => {
    const yen = await sellerWithProducts(b, { email: "yoko.yen@e2e.local", name: "Yoko Yen", payments: false }, [
      {
        name: "Yen Zine",
        headline: "Free, priced in yen",
        price: "0",
        currency: "jpy",
        media_type: "none",
        media_url: "",
      },
    ]);
    const { page } = yen;
    const claim = await page.request.post("/api/checkout/claim", {
      data: { productId: yen.ids[0], email: "yui.free@e2e.local" },
    });
    expect(claim.ok(), await claim.text()).toBe(true);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const chart = page.getByTestId("sales-chart-line");
    // The claim is counted by the tally after it is fulfilled: reload until the chart shows it.
    await expect
      .poll(async () => {
        await page.goto("/dashboard?section=analytics");
        await page.getByRole("heading", { name: "Sales Analytics" }).waitFor();
        return chart.or(page.getByText("No sales data available yet")).first().getAttribute("data-testid");
      })
      .toBe("sales-chart-line");
    const ticks = () => chart.locator(".recharts-yAxis-tick-labels").last().locator("text").allTextContents();
    await expect.poll(async () => (await ticks()).join(" ")).toMatch(/^¥0/);
    expect((await ticks()).join(" ")).not.toMatch(/[€$]/);
    const box = (await chart.locator(".recharts-wrapper").boundingBox())!;
    await page.mouse.move(box.x + box.width - 70, box.y + box.height / 2);
    await chart.getByText("Revenue: ¥0", { exact: true }).waitFor();
    // No revenue yet, and still the creator's own currency: "¥0", never "$0.00".
    await expect
      .poll(() =>
        page
          .getByTestId("stat-revenue")
          .getByText(/^[¥$€]/)
          .innerText(),
      )
      .toBe("¥0");
    await b.shot(page, "currency-chart-free-claim-jpy");
    await yen.context.close();
  });
});
