import { afterAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { join } from "node:path";
import { useBrowser, PHONE, shotsDir } from "../src/browser";

/**
 * The admin journey as admin@demo.local on the shared demo stack: overview charts,
 * a granted Pro account received at first sign-in, moderation making a product unavailable,
 * an announcement reaching creators, and maintenance mode. Everything it changes on shared
 * data is undone at the end so other journeys are unaffected.
 */
const b = useBrowser();
const ADMIN = "admin@demo.local";
const GRANTED = "granted-pro@e2e.local";
const ANNOUNCEMENT = "New payout schedule (e2e)";
const contexts: BrowserContext[] = [];

async function signIn(page: Page, email: string, name?: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/__google\/authorize/);
  await page.locator("form:has(#email) #email").fill(email);
  if (name) await page.locator("#name").fill(name);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !/auth\/callback|__google|authorize|login/.test(url.pathname + url.search), {
    timeout: 20_000,
  });
}

async function visitor(opts: { viewport?: { width: number; height: number } } = {}) {
  const v = await b.newPage(opts);
  contexts.push(v.context);
  return v.page;
}

const openSection = async (page: Page, label: string) => {
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("button", { name: label, exact: true })
    .click();
  await page.getByRole("heading", { level: 1, name: label }).waitFor();
};

async function setSetting(page: Page, key: string, label: "Enabled" | "Disabled") {
  const row = page.getByTestId(`setting-${key}`);
  await row.locator("select").selectOption({ label });
  await row.getByRole("button", { name: /^Save/ }).click();
  await row.getByRole("status").filter({ hasText: "Saved" }).waitFor();
}

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

describe("admin panel", () => {
  let admin: Page;

  it("signs in as the demo admin and the overview shows the cards and charts", async () => {
    admin = await visitor();
    // Charts honour reduced motion: drawn in their final state at once, so the screenshot below
    // needs no wait for animations to end.
    await admin.emulateMedia({ reducedMotion: "reduce" });
    await signIn(admin, ADMIN);
    expect(new URL(admin.url()).pathname).toBe("/admin");
    await admin.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
    for (const card of ["card-users", "card-revenue", "card-sales", "card-products"])
      await admin.getByTestId(card).waitFor();
    for (const chart of [
      "Revenue Growth (Last 30 Days)",
      "Sales Volume",
      "User Growth",
      "Subscription Plan Distribution",
    ]) {
      await admin.getByRole("heading", { name: chart }).waitFor({ timeout: 15_000 });
    }
    // Whole dollars only on the revenue axis.
    const yTicks = admin.locator("[data-testid=chart-revenue] .recharts-yAxis-tick-labels text");
    await yTicks.first().waitFor();
    const ticks = (await yTicks.allTextContents()).filter(Boolean);
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(t).toMatch(/^\$[\d,]+$/);
    await b.shot(admin, "admin-overview");
  });

  it("grants Pro to a new e-mail, which is on Pro at its first sign-in", async () => {
    await openSection(admin, "Grant Free Accounts");
    const create = admin.getByRole("button", { name: "Create Account" });
    expect(await create.isDisabled()).toBe(true);
    await admin.getByLabel("Email").fill(GRANTED);
    await admin.getByLabel("Plan").selectOption("pro");
    await create.click();
    await admin.getByText(`${GRANTED} now has the Pro plan.`).waitFor();

    const granted = await visitor();
    await signIn(granted, GRANTED, "Grace Granted");
    expect(new URL(granted.url()).pathname).toBe("/dashboard");
    await granted.getByTestId("sidebar-plan").first().waitFor();
    expect(await granted.getByTestId("sidebar-plan").first().innerText()).toBe("Pro Plan");

    await openSection(admin, "All Users and Their Plans");
    const row = admin.getByTestId(`user-row-${GRANTED}`);
    await row.waitFor();
    expect(await row.locator("select").inputValue()).toBe("pro");
    await b.shot(admin, "admin-users");
  });

  it("My Settings: the admin connects Stripe for their own products, and the integrations list shows it", async () => {
    await openSection(admin, "My Settings");
    expect(await admin.getByTestId("my-role").innerText()).toBe("Admin");
    await admin.getByText("No payment integration yet. Set one up below to start selling.").waitFor();
    const form = admin.getByRole("form", { name: "Payment Setup" });
    await form.locator('[name="stripe_publishable_key"]').fill("pk_test_admin_e2e_account");
    await form.locator('[name="stripe_secret_key"]').fill("sk_test_admin_e2e_account");
    await form.getByRole("button", { name: "Save Integration" }).click();
    await admin.getByText("Payment integration saved successfully!").waitFor();
    const listed = admin.getByTestId("my-integration-stripe");
    await listed.waitFor();
    expect(await listed.innerText()).toMatch(/Stripe[\s\S]*Test[\s\S]*Active/);
    await b.shot(admin, "admin-my-settings");

    // Undo, with the spec's confirmation, so the shared demo admin stays without keys.
    await form.getByRole("button", { name: "Delete Integration" }).click();
    const confirm = admin
      .getByRole("dialog")
      .filter({ hasText: "Are you sure you want to delete your payment integration?" });
    await confirm.getByRole("button", { name: "Delete Integration" }).click();
    await admin.getByText("Payment integration deleted successfully!").waitFor();
    await listed.waitFor({ state: "detached" });
  });

  it("rejecting a product makes its sales page 'Product Unavailable'", async () => {
    await openSection(admin, "My Products");
    await admin.getByRole("button", { name: "Add Product" }).click();
    const dialog = admin.getByRole("dialog", { name: "Create New Product" });
    await dialog.locator('[name="name"]').fill("Admin Test Toolkit");
    await dialog.locator('[name="price"]').fill("15");
    await dialog.locator('[name="content_url"]').fill("https://files.example.com/admin/toolkit.zip");
    await dialog.getByRole("button", { name: "Create Product" }).click();
    await dialog.waitFor({ state: "detached" });

    await openSection(admin, "Product Moderation");
    const row = admin.locator("[data-testid^=moderation-row-]", { hasText: "Admin Test Toolkit" });
    await row.waitFor();
    const productId = (await row.getAttribute("data-testid"))!.replace("moderation-row-", "");
    await row.getByRole("button", { name: "Review" }).click();
    const review = admin.getByRole("dialog", { name: "Review product" });
    await review.getByLabel("Status").selectOption("rejected");
    await review.getByLabel("Notes (optional)").fill("Duplicate of an existing listing.");
    await review.getByRole("button", { name: "Save Review" }).click();
    await review.waitFor({ state: "detached" });
    await row.getByText("Rejected", { exact: true }).waitFor();
    await admin.getByRole("button", { name: /^Rejected/ }).click();
    await admin.locator(`[data-testid=moderation-row-${productId}]`).waitFor();
    await b.shot(admin, "admin-moderation");

    const buyer = await visitor();
    await buyer.goto(`/product/${productId}`);
    await buyer.getByText("Product Unavailable").waitFor();
    expect(await buyer.getByText("This product is currently unavailable for purchase.").count()).toBe(1);
  });

  it("an announcement for creators shows on the creator dashboard", async () => {
    await openSection(admin, "Announcements");
    await admin.getByRole("button", { name: "New Announcement" }).click();
    const dialog = admin.getByRole("dialog", { name: "New announcement" });
    await dialog.getByLabel("Title").fill(ANNOUNCEMENT);
    await dialog.getByLabel("Content").fill("Payouts now arrive every Monday.");
    await dialog.getByLabel("Audience").selectOption("creators");
    await dialog.getByRole("button", { name: "Create Announcement" }).click();
    await dialog.waitFor({ state: "detached" });
    await admin.getByTestId("admin-announcement").filter({ hasText: ANNOUNCEMENT }).waitFor();

    const creator = await visitor();
    await signIn(creator, "creator@demo.local");
    await creator.getByTestId("announcement").filter({ hasText: ANNOUNCEMENT }).waitFor();

    // Clean up through the UI: delete after the spec's confirmation.
    await admin
      .getByTestId("admin-announcement")
      .filter({ hasText: ANNOUNCEMENT })
      .getByRole("button", { name: "Delete" })
      .click();
    await admin.getByText("Are you sure you want to delete this announcement?").waitFor();
    await admin.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await admin.getByTestId("admin-announcement").filter({ hasText: ANNOUNCEMENT }).waitFor({ state: "detached" });
  });

  it("maintenance mode shows the red banner to the admin and the notice to everyone else", async () => {
    await openSection(admin, "System Settings");
    try {
      await setSetting(admin, "maintenance_mode", "Enabled");
      await admin.getByTestId("maintenance-banner").waitFor();
      expect(await admin.getByTestId("maintenance-banner").innerText()).toContain("Users cannot access the site");
      await b.shot(admin, "admin-settings-maintenance");

      const phone = await visitor({ viewport: PHONE });
      await phone.goto("/");
      await phone.getByTestId("maintenance-notice").waitFor();
      expect(await phone.getByText("Payloft is down for maintenance. Please try again soon.").count()).toBe(1);
      // Viewport only: the notice covers the screen; a full-page shot would show the page under it.
      await phone.screenshot({ path: join(shotsDir, "maintenance-notice-phone.png") });
      // The admin keeps working.
      await openSection(admin, "Overview");
      expect(await admin.getByTestId("maintenance-notice").count()).toBe(0);
      await openSection(admin, "System Settings");
    } finally {
      await setSetting(admin, "maintenance_mode", "Disabled");
    }
    await admin.getByTestId("maintenance-banner").waitFor({ state: "detached" });
  });

  it("fits a phone screen", async () => {
    const phone = await visitor({ viewport: PHONE });
    await signIn(phone, ADMIN);
    await phone.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await b.shot(phone, "admin-overview-phone");
    // The drawer leads to All Sales, which stacks each sale instead of scrolling sideways.
    await phone.getByRole("button", { name: "Open menu" }).click();
    await phone.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "All Sales" }).click();
    const sale = phone.getByRole("list", { name: "All sales" }).getByRole("listitem").first();
    await sale.waitFor();
    // The journeys share one platform, so the newest sale may be in any currency, free (a free
    // claim or a membership's trial start) and refunded or disputed.
    expect(await sale.innerText()).toMatch(
      /(Free|[^\d\s]{1,3}\s?\d[\d,]*\.\d{2})[\s\S]*@[\s\S]*from [\s\S]*(Completed|Refunded|Disputed)/,
    );
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
