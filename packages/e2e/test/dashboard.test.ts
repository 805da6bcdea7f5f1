import { describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";
import { signIn } from "../src/sign-in";

/**
 * The creator's dashboard on the demo data: a fan buys the demo creator's product on the payments sandbox;
 * the creator sees stats, the 30-day chart (toggled to Bar) and the sale in Sales History;
 * the fan, now a customer, finds it in My Products and opens it, which raises Total Access.
 */
const b = useBrowser();
const FAN = { email: "fan@e2e.local", name: "Frankie Fan" };
const PRODUCT = "The Creator's Launch Kit";

/** Content links point at the internet, which this machine has not: answer them locally. */
async function serveContentLocally(context: BrowserContext) {
  await context.route(/^https:\/\/example\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Your content</h1>" }),
  );
}

const money = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));

describe("dashboards", () => {
  let revenueBefore = 0;

  it("a fan buys the demo product on the sandbox", async () => {
    const creator = await b.newPage();
    await signIn(creator.page, "creator@demo.local");
    const stats = (await (await creator.page.request.get("/api/dashboard/stats")).json()).stats;
    revenueBefore = stats.totalRevenue;
    expect(stats.totalSales).toBeGreaterThan(10); // the seeded 30 days of history
    const products = (await (await creator.page.request.get("/api/products")).json()) as { id: string; name: string }[];
    const productId = products.find((p) => p.name === PRODUCT)!.id;
    await creator.context.close();

    const { page, context } = await b.newPage();
    await page.goto(`/product/${productId}`);
    await page
      .getByRole("button", { name: /^Buy Now/ })
      .first()
      .click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.locator("#email").fill(FAN.email);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=/);
    // Keep what the page showed if it never confirms: the screenshot explains the failure.
    await page
      .getByRole("heading", { name: "Payment Successful!" })
      .waitFor({ timeout: 30_000 })
      .catch(async (err) => {
        await b.shot(page, "dashboard-purchase-failed");
        throw err;
      });
    await context.close();
  });

  it("the creator sees stats, the chart as Bar and the sale in Sales History", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, "creator@demo.local");
    await page.waitForURL(/\/dashboard/);
    await expect(page.getByTestId("sidebar-plan").first().textContent()).resolves.toBe("Free Plan");

    const revenue = page.getByTestId("stat-revenue");
    await revenue.waitFor();
    expect(money(await revenue.textContent())).toBeCloseTo((revenueBefore + 2900) / 100, 2);
    await expect(page.getByTestId("stat-products").textContent()).resolves.toBe("1 / 1");
    expect(await page.getByTestId("stat-conversion").textContent()).toMatch(/^\d+\.\d%$/);

    await page.getByRole("heading", { name: "Sales Analytics" }).waitFor();
    await page.getByTestId("sales-chart-line").locator(".recharts-line").first().waitFor();
    await page.getByRole("radio", { name: "Bar" }).click();
    await page.getByTestId("sales-chart-bar").locator(".recharts-bar-rectangle").first().waitFor();
    expect(await page.getByTestId("sales-chart-bar").evaluate((el) => el.getBoundingClientRect().height)).toBe(320);
    await b.shot(page, "dashboard-desktop");

    await page.getByRole("button", { name: "Settings" }).first().click();
    await page.getByRole("tab", { name: "Sales History" }).click();
    const firstRow = page.getByRole("table", { name: "Sales history" }).locator("tbody tr").first();
    await firstRow.waitFor();
    await expect(firstRow.textContent()).resolves.toContain(FAN.email);
    await expect(firstRow.textContent()).resolves.toContain("$29.00");
    await expect(firstRow.textContent()).resolves.toContain(PRODUCT);
    await b.shot(page, "dashboard-sales-history");

    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByText("Your e-mail is managed by Google sign-in.").waitFor();
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Display name").fill("   ");
    expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await page.getByLabel("Display name").fill("Demo Creator");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("display-name").filter({ hasText: "Demo Creator" }).waitFor();
    await b.shot(page, "dashboard-settings-account");

    await page.getByRole("button", { name: "Analytics" }).first().click();
    await page.getByRole("table", { name: "Product performance" }).getByText(PRODUCT).waitFor();
    await page.getByTestId("sales-chart-line").locator(".recharts-line").first().waitFor();
    await b.shot(page, "dashboard-analytics");
    // The product-performance table at phone width too (it shares its markup with Traffic's tables).
    await page.setViewportSize(PHONE);
    await b.shot(page, "dashboard-analytics-phone");
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole("button", { name: "Customers" }).first().click();
    await page.getByTestId("customer-row").filter({ hasText: FAN.email }).waitFor();
    await context.close();
  });

  it("on a phone the dashboard fits and the menu opens as a drawer", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, "creator@demo.local");
    await page.waitForURL(/\/dashboard/);
    await page.getByTestId("stat-revenue").waitFor();
    await page.getByRole("heading", { name: "Sales Analytics" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "dashboard-phone");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.getByText("Free Plan").waitFor();
    await b.shot(page, "dashboard-phone-drawer");
    await drawer.getByRole("button", { name: "Customers" }).click();
    await drawer.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Customers" }).waitFor();
    // Settings → Sales History stacks each sale instead of scrolling a five-column table sideways.
    await page.goto("/dashboard?section=settings");
    await page.getByRole("tab", { name: "Sales History" }).click();
    const sale = page.getByRole("list", { name: "Sales history" }).getByRole("listitem").first();
    await sale.waitFor();
    expect(await sale.innerText()).toMatch(/\$\d+\.\d{2}[\s\S]*@[\s\S]*(Completed|Refunded)/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "dashboard-phone-sales-history");
    await context.close();
  });

  it("the fan finds the purchase in My Products and Access Content opens it and counts it", async () => {
    const { page, context } = await b.newPage();
    await serveContentLocally(context);
    await signIn(page, FAN.email, FAN.name);
    // The fan bought before having an account: the first sign-in lands in the portal, no role screen.
    await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });

    const item = page.getByTestId("library-item").filter({ hasText: PRODUCT });
    await item.waitFor();
    await expect(page.getByTestId("total-products").textContent()).resolves.toBe("1");
    await expect(page.getByTestId("total-access").textContent()).resolves.toBe("0");

    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      item.getByRole("link", { name: /^Access Content/ }).click(),
    ]);
    await tab.waitForURL(/example\.com\/downloads\/creator-launch-kit\.zip/);
    await tab.getByRole("heading", { name: "Your content" }).waitFor();
    await tab.close();
    await page.getByTestId("total-access").filter({ hasText: "1" }).waitFor();
    // Counted by the server when the link was followed, not only on this screen.
    await page.reload();
    await page.getByTestId("total-access").filter({ hasText: "1" }).waitFor();
    await b.shot(page, "portal-my-products");

    await page.getByRole("tab", { name: "Purchase History" }).click();
    await expect(page.getByTestId("summary-spent").textContent()).resolves.toBe("$29.00");
    await page.getByRole("table", { name: "Purchase history" }).getByText("Completed").waitFor();
    await page.getByRole("tab", { name: "Profile Settings" }).click();
    await page.getByText("Email cannot be changed").waitFor();
    await page.getByText("Customer Account").waitFor();
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Display name").fill("  Frankie F.  ");
    await page.getByRole("button", { name: "Save" }).click();
    await page
      .getByTestId("customer-name")
      .filter({ hasText: /^Frankie F\.$/ })
      .waitFor();
    await page.getByRole("tab", { name: "Help & Support" }).click();
    await page.getByText("Usually within 24 hours").waitFor();
    await page.getByTestId("support-email").waitFor();
    await b.shot(page, "portal-help");
    await context.close();
  });

  it("the demo buyer's portal shows seeded purchases on a phone", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, "buyer@demo.local");
    await page.waitForURL(/\/customer-dashboard/);
    await page.getByTestId("library-item").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "portal-phone");
    // Purchase History stacks each purchase on a phone: every column readable, no sideways scroll.
    await page.getByRole("tab", { name: "Purchase History" }).click();
    const row = page.getByRole("list", { name: "Purchase history" }).getByRole("listitem").first();
    await row.waitFor();
    expect(await row.isVisible()).toBe(true);
    expect(await row.innerText()).toMatch(/\$\d+\.\d{2}[\s\S]*by [\s\S]*Completed/);
    expect(await page.getByRole("table", { name: "Purchase history" }).isVisible()).toBe(false);
    await b.shot(page, "portal-phone-purchases");
    await context.close();
  });
});
