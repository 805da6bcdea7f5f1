import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";
import { signIn } from "../src/sign-in";

/**
 * API keys, the API reference and outgoing webhooks: a free creator meets the upgrade card; a Business
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

describe("outgoing webhooks", () => {
  const answers: number[] = [];
  let hits = 0;
  let receiver: Server;
  let url = "";
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        hits++;
        res.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
    url = `http://localhost:${(receiver.address() as { port: number }).port}/payloft`;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it("a Business creator adds an endpoint, sends a test event that fails once, and sees both attempts", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, DEV.email);
    await page.waitForURL(/\/dashboard/);
    await page.getByRole("button", { name: "Settings" }).first().click();
    await page.getByRole("tab", { name: "Webhooks" }).click();
    await page.getByText("No endpoints yet").waitFor();
    await page.getByLabel("Endpoint URL").fill("http://10.1.2.3/hook");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByText(/private or reserved address/).waitFor();

    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByRole("checkbox", { name: /license\.created/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    expect(await page.getByTestId("secret-value").textContent()).toMatch(/^whsec_/);
    const row = page.getByTestId("endpoint-row").filter({ hasText: url });
    await row.waitFor();

    answers.push(500);
    await row.getByRole("button", { name: "Send test event" }).click();
    const delivery = row.getByTestId("delivery-row").first();
    await delivery.getByText("Delivered").waitFor({ timeout: 20_000 });
    expect(await delivery.getByTestId("delivery-attempt").allTextContents()).toEqual([
      expect.stringMatching(/→\s*500/),
      expect.stringMatching(/→\s*200.*retry/),
    ]);
    expect(hits).toBe(2);
    await b.shot(page, "developers-webhooks");

    await delivery.getByRole("button", { name: /^Resend webhook\.test/ }).click();
    await delivery.getByTestId("delivery-attempt").nth(2).waitFor({ timeout: 20_000 });
    expect(await delivery.getByTestId("delivery-attempt").nth(2).textContent()).toMatch(/200.*resent/);
    await context.close();
  });

  it("the Webhooks tab fits a phone", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, DEV.email);
    await page.waitForURL(/\/dashboard/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
    await page.getByRole("tab", { name: "Webhooks" }).click();
    const row = page.getByTestId("endpoint-row").first();
    await row.getByRole("button", { name: "Deliveries" }).click();
    await row.getByTestId("delivery-row").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await b.shot(page, "developers-webhooks-phone");
    await context.close();
  });
});
