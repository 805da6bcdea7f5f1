import { describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { signIn } from "@payloft/local/testing/auth";
import type { Stack } from "@payloft/local/stack";
import { useBrowser, PHONE } from "../src/browser";

const b = useBrowser();

/** Signs in through the real OpenAuth + Google-emulator flow and hands the session cookies to the browser. */
async function signInAs(context: BrowserContext, email: string) {
  const header = await signIn({ url: b.baseUrl() } as Stack, { email, name: email.split("@")[0] });
  await context.addCookies(
    header.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: b.baseUrl() };
    }),
  );
}

/** Landing page `/` as a signed-out visitor sees it: its sections, the top bar and the links. */
describe("landing page", () => {
  it("shows every section and the signed-out top bar", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    for (const id of ["features", "pricing"]) {
      await expect(page.locator(`#${id}`).count()).resolves.toBe(1);
    }
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Features", "#features"],
      ["Pricing", "#pricing"],
    ]) {
      await expect(nav.getByRole("link", { name: name! }).getAttribute("href")).resolves.toBe(href);
    }
    // No testimonial yet (an admin setting): no Reviews section and no link to one.
    await expect(page.locator("#reviews").count()).resolves.toBe(0);
    await expect(nav.getByRole("link", { name: "Reviews" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Sign In" }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Get Started" }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Dashboard" }).count()).resolves.toBe(0);

    // The six features of the spec and the marketing statistics.
    const features = page.locator("#features");
    for (const title of [
      "Analytics",
      "Secure payments",
      "Customer management",
      "Global reach",
      "Instant setup",
      "Custom storefronts",
    ]) {
      await expect(features.getByRole("heading", { name: title, exact: true }).count()).resolves.toBe(1);
    }
    // Figures only from the platform's own counters (rule: Honest social proof): what
    // /api/public/stats gives, never an invented "$2M+", "10,000+" or "99.9%", nor star ratings.
    const stats = (await (await page.request.get("/api/public/stats")).json()) as { products_sold: number | null };
    for (const invented of ["$2M+", "10,000+", "99.9%", "$50K+"])
      await expect(page.getByText(invented, { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByLabel(/Rated/).count()).resolves.toBe(0);
    await expect(page.getByText("Products sold", { exact: true }).count()).resolves.toBe(stats.products_sold ? 1 : 0);
    await expect(
      page.getByText("All paid plans include a 14-day free trial • No setup fees • Cancel anytime").count(),
    ).resolves.toBe(1);
    await expect(page.getByText("14-day free trial on paid plans", { exact: true }).count()).resolves.toBe(1);
    await expect(page.locator("footer").getByRole("link", { name: "GitHub" }).count()).resolves.toBe(1);

    // Two logos (top bar and footer): each mark's gradient has its own id, so hiding one copy
    // can never blank the other; and every tab has a title.
    const gradientIds = await page.locator("svg linearGradient").evaluateAll((els) => els.map((e) => e.id));
    expect(gradientIds.length).toBeGreaterThanOrEqual(2);
    expect(new Set(gradientIds).size).toBe(gradientIds.length);
    expect(await page.title()).toBe("Payloft — sell digital products");
    await page.goto("/pricing");
    await page.getByRole("heading", { name: "Choose the plan that fits your business" }).waitFor();
    expect(await page.title()).toBe("Pricing · Payloft");
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.title()).toBe("Page not found · Payloft");
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await b.shot(page, "landing-desktop");
    await context.close();
  });

  it("shows the admin's testimonial (and a Reviews link) only once one is set; plan cards say only what ships", async () => {
    const admin = await b.newPage();
    await signInAs(admin.context, "admin@demo.local");
    const set = async (key: string, value: string) =>
      expect((await admin.page.request.put("/api/admin/settings", { data: { key, value } })).status()).toBe(200);
    const { page, context } = await b.newPage();
    try {
      await set("testimonial_quote", "Payloft paid out my first launch the same week.");
      await set("testimonial_author", "Rin Okafor");
      await set("testimonial_role", "Illustrator");
      await page.goto("/");
      const reviews = page.locator("#reviews");
      await reviews.getByText("“Payloft paid out my first launch the same week.”").waitFor();
      await expect(reviews.getByText("Rin Okafor", { exact: true }).count()).resolves.toBe(1);
      await expect(reviews.getByText("Illustrator", { exact: true }).count()).resolves.toBe(1);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Reviews" }).getAttribute("href")).resolves.toBe("#reviews");
      await reviews.scrollIntoViewIfNeeded();
      await b.shot(page, "landing-testimonial");
    } finally {
      await set("testimonial_quote", "");
      await admin.context.close();
    }
    // Business lists priority e-mail support, no phone support or account manager; no card
    // offers a trial itself, the Free card least of all (rule: Plan cards say what ships).
    const business = page.locator('#pricing [data-plan="business"]');
    await expect(business.getByText("Priority e-mail support", { exact: true }).count()).resolves.toBe(1);
    await expect(business.getByText(/phone support|account manager/i).count()).resolves.toBe(0);
    await expect(page.locator('#pricing [data-plan="free"]').getByText(/trial/i).count()).resolves.toBe(0);
    await context.close();
  });

  it("Get Started sends a signed-out visitor to /pricing, Sign In to /login", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Get Started" }).click();
    await page.waitForURL("**/pricing");
    await page.goto("/");
    await page.getByRole("button", { name: "Start Selling" }).first().click();
    await page.waitForURL("**/pricing");
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/login");
    await context.close();
  });

  it("the pricing toggle switches to yearly prices", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/");
    await page.locator("#pricing").waitFor();
    const pricing = page.locator("#pricing");
    const price = (plan: string) => pricing.locator(`[data-plan="${plan}"] [data-testid="plan-price"]`).textContent();
    const billed = (plan: string) =>
      pricing.locator(`[data-plan="${plan}"] [data-testid="plan-billing"]`).textContent();
    await expect(Promise.all(["free", "starter", "pro", "business"].map(price))).resolves.toEqual([
      "$0",
      "$9",
      "$19",
      "$35",
    ]);
    await expect(pricing.locator('[data-plan="pro"]').getByText("Popular", { exact: true }).count()).resolves.toBe(1);

    await pricing.getByRole("radio", { name: /Yearly/ }).click();
    await expect(pricing.getByRole("radio", { name: /Yearly/ }).getAttribute("aria-checked")).resolves.toBe("true");
    await expect(pricing.getByText("Save 20%").count()).resolves.toBe(1);
    await expect(Promise.all(["free", "starter", "pro", "business"].map(price))).resolves.toEqual([
      "$0",
      "$7.20",
      "$15.20",
      "$28",
    ]);
    // Yearly total = monthly-equivalent × 12, rounded to whole dollars (rule: One plan table).
    await expect(Promise.all(["starter", "pro", "business"].map(billed))).resolves.toEqual([
      "$86 billed yearly",
      "$182 billed yearly",
      "$336 billed yearly",
    ]);
    await b.shot(page, "landing-pricing-yearly");

    await pricing.getByRole("button", { name: "Get Started", exact: true }).click();
    await page.waitForURL("**/pricing");
    await context.close();
  });

  it("fits a phone screen without horizontal scrolling", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto("/");
    await page.getByRole("button", { name: "Get Started" }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("button", { name: "Get Started" }).first().isVisible()).resolves.toBe(true);
    // Section anchors live behind the menu button on phones.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#landing-menu").getByRole("link", { name: "Pricing" }).isVisible()).resolves.toBe(true);
    await b.shot(page, "landing-phone");
    await context.close();
  });

  it("signed in: Dashboard leads by role and Log Out stays on the landing page", async () => {
    // Demo accounts from the seed (onboarding completed) and a brand-new person without a role.
    const cases = [
      ["admin@demo.local", "/admin"],
      ["buyer@demo.local", "/customer-dashboard"],
      ["creator@demo.local", "/dashboard"],
      [`newcomer-${Date.now()}@example.com`, "/pricing"],
    ] as const;
    for (const [email, target] of cases) {
      const { page, context } = await b.newPage();
      await signInAs(context, email);
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("button", { name: "Dashboard" }).waitFor();
      await expect(nav.getByRole("button", { name: "Sign In" }).count()).resolves.toBe(0);
      if (email === "creator@demo.local") await b.shot(page, "landing-signed-in");
      // The destination page may redirect on its own (e.g. dashboards by role), so record
      // the landing's own navigation rather than only where the browser ends up.
      await page.evaluate(() => {
        const w = window as unknown as { navs: string[] };
        w.navs = [];
        const push = history.pushState.bind(history);
        history.pushState = (data, unused, url) => {
          w.navs.push(new URL(String(url), location.href).pathname);
          push(data, unused, url);
        };
      });
      await nav.getByRole("button", { name: "Dashboard" }).click();
      await page.waitForFunction(() => (window as unknown as { navs: string[] }).navs.length > 0);
      await expect(page.evaluate(() => (window as unknown as { navs: string[] }).navs[0])).resolves.toBe(target);
      if (email === "creator@demo.local") {
        await page.goto("/");
        // The bar shows "Sign In" at once (logout clears locally first); the server's answer
        // follows. A reload before it would cancel the call, so wait for it, not for the bar.
        const ended = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/logout");
        await nav.getByRole("button", { name: "Log Out" }).click();
        await nav.getByRole("button", { name: "Sign In" }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/");
        expect((await ended).ok()).toBe(true);
        // The server ended the session too: a reload stays signed out.
        await page.reload();
        await nav.getByRole("button", { name: "Sign In" }).waitFor();
      }
      await context.close();
    }
  });

  it("Log Out forgets the person's cached data: going back to Pricing shows a signed-out visitor's page", async () => {
    const { page, context } = await b.newPage();
    await signInAs(context, "buyer@demo.local");
    await page.goto("/pricing");
    // The buyer's profile (a query of the app's cache) says who they are above the plans.
    const notice = page.getByTestId("plan-audience-notice");
    await notice.getByText("signed in with a buyer account").waitFor();
    const ended = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/logout");
    await page.getByRole("button", { name: "Log Out" }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    expect((await ended).ok()).toBe(true);
    // Back is the same document (no reload): only the cache could still hold the buyer's profile.
    await page.goBack();
    await page.getByText("You'll sign in with your Google account to complete your purchase.").waitFor();
    await expect(notice.count()).resolves.toBe(0);
    await expect(page.getByText("Signed in as").count()).resolves.toBe(0);
    await context.close();
  });
});
