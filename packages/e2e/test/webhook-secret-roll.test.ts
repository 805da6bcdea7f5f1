import { describe, expect, it } from "vitest";
import { useBrowser, PHONE } from "../src/browser";
import { signIn } from "../src/sign-in";
import { graveViolations } from "../src/axe";
import { grantPlan, openSettingsTab } from "../src/seller";

/**
 * Rolling an outgoing webhook's signing secret from Settings → Webhooks: a confirmation that
 * says what happens, the new secret shown once, and the row telling until when the previous
 * secret still signs. Desktop and phone.
 */
const b = useBrowser();
const ROLLER = { email: "rolf@e2e.local", name: "Rolf Roller" };

describe("rolling a webhook endpoint's secret", () => {
  it("a Business creator rolls the secret, sees the new one once and how long the old one signs", async () => {
    await grantPlan(b, ROLLER.email, "business");

    const { page, context } = await b.newPage();
    await signIn(page, ROLLER.email, ROLLER.name);
    await openSettingsTab(page, "Webhooks");
    await page.getByLabel("Endpoint URL").fill("http://localhost:9/payloft-roll");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const first = (await page.getByTestId("secret-value").textContent())!.trim();
    await page.getByRole("button", { name: "Done" }).click();
    const row = page.getByTestId("endpoint-row").filter({ hasText: "payloft-roll" });
    await row.waitFor();

    // Cancel changes nothing.
    await row.getByRole("button", { name: /^Roll secret/ }).click();
    const dialog = page.getByRole("dialog", { name: "Roll this endpoint's secret?" });
    await dialog.getByText(/signed with both the new and the current secret/).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await row.getByTestId("secret-reveal").count()).toBe(0);

    await row.getByRole("button", { name: /^Roll secret/ }).click();
    await b.shot(page, "developers-webhook-roll-confirm");
    await dialog.getByRole("button", { name: "Roll secret" }).click();
    const rolled = (await row.getByTestId("secret-value").textContent())!.trim();
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(first);
    await row.getByText(/The previous secret also signs deliveries until/).waitFor();
    await b.shot(page, "developers-webhook-rolled");
    expect(await graveViolations(page)).toEqual([]);
    await row.getByRole("button", { name: "Done" }).click();
    expect(await row.getByTestId("secret-reveal").count()).toBe(0);
    await context.close();
  });

  it("the rolled endpoint's row fits a phone", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, ROLLER.email);
    await openSettingsTab(page, "Webhooks", true);
    const row = page.getByTestId("endpoint-row").first();
    await row.getByText(/The previous secret also signs deliveries until/).waitFor();
    await row.getByRole("button", { name: /^Roll secret/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Roll secret" }).click();
    await row.getByTestId("secret-value").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await b.shot(page, "developers-webhook-rolled-phone");
    await context.close();
  });
});
