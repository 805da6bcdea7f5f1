import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";
import { signIn } from "../src/sign-in";

/**
 * Issue 18, API keys and the API reference: a free creator meets the upgrade card; a Business
 * creator creates a key (shown once), calls the API with it, revokes it in the screen and the
 * next call is refused; /docs/api renders the OpenAPI document. Desktop and phone.
 */
const b = useBrowser();
const DEV = { email: "devi@e2e.local", name: "Devi Developer" };

async function openApiTab(page: Page) {
  await page.waitForURL(/\/dashboard/);
  await page.getByRole("button", { name: "Settings" }).first().click();
  await page.getByRole("tab", { name: "API" }).click();
}

describe("API keys and the API reference", () => {
  it("a free creator sees the upgrade card instead of keys", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, "creator@demo.local");
    await openApiTab(page);
    const card = page.getByTestId("upgrade-card");
    await card.getByText("API keys is part of the Business plan").waitFor();
    expect(await card.getByRole("link", { name: "Upgrade to Business" }).getAttribute("href")).toBe(
      "/onboarding?upgrade=business",
    );
    await b.shot(page, "developers-api-upgrade");
    await context.close();
  });

  it("a Business creator creates a key once, uses it, and a revoke refuses it at once", async () => {
    const admin = await b.newPage();
    await signIn(admin.page, "admin@demo.local");
    const granted = await admin.page.request.post("/api/admin/users/create", {
      data: { email: DEV.email, plan: "business", is_admin: false, onboarding_completed: true },
    });
    expect(granted.ok(), await granted.text()).toBe(true);
    await admin.context.close();

    const { page, context } = await b.newPage();
    await signIn(page, DEV.email, DEV.name);
    await openApiTab(page);
    await page.getByText("No API keys yet").waitFor();
    await page.getByLabel("Key name").fill("Zapier");
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = page.getByTestId("secret-value");
    await secret.waitFor();
    const key = (await secret.textContent())!.trim();
    expect(key).toMatch(/^pl_test_/);
    const row = page.getByTestId("api-key-row").filter({ hasText: "Zapier" });
    await row.waitFor();
    expect(await row.textContent()).toContain(key.slice(0, 12));
    expect(await row.textContent()).toContain("Never used");
    await b.shot(page, "developers-api-key-created");

    const auth = { authorization: `Bearer ${key}` };
    const ok = await page.request.get("/api/v1/products", { headers: auth });
    expect(ok.status()).toBe(200);

    await page.getByRole("button", { name: "Done" }).click();
    await expect(secret.count()).resolves.toBe(0);
    await page.reload();
    await openApiTab(page);
    await row.waitFor();
    expect(await page.content()).not.toContain(key); // never shown a second time

    await row.getByRole("button", { name: "Revoke Zapier" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("API key revoked.").waitFor();
    const refused = await page.request.get("/api/v1/products", { headers: auth });
    expect(refused.status()).toBe(401);
    await context.close();
  });

  it("the API tab fits a phone", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, DEV.email);
    await page.waitForURL(/\/dashboard/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
    await page.getByRole("tab", { name: "API" }).click();
    await page.getByLabel("Key name").fill("Phone key");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByTestId("secret-value").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await b.shot(page, "developers-api-phone");
    await context.close();
  });

  it("/docs/api renders the OpenAPI document, on desktop and phone", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, context } = await b.newPage({ viewport });
      await page.goto("/docs/api");
      await page.getByRole("heading", { name: "Payloft API", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Create a product" }).waitFor();
      await page.locator("#schema-Product").waitFor();
      expect(await page.title()).toContain("API reference");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport?.width ?? 1280,
      );
      await b.shot(page, viewport ? "developers-docs-phone" : "developers-docs");
      await context.close();
    }
  });
});
