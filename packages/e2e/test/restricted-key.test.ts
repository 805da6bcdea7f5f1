import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";
import { signIn } from "../src/sign-in";
import { graveViolations } from "../src/axe";
import { grantPlan, openSettingsTab } from "../src/seller";

/**
 * A seller connects Stripe with a restricted key, as Payment Setup recommends: the screen lists
 * the permissions; a key made without one of them (on the sandbox's stand-in for Stripe's
 * "Create restricted key" page) is refused with the missing permission named; the full key is
 * saved. Desktop and phone.
 */
const b = useBrowser();
const SELLER = { email: "rhea@e2e.local", name: "Rhea Restricted" };
const ACCOUNT = "rhea_e2e_account";

/** Creates a restricted key on the sandbox's dashboard page, leaving `without` unticked. */
async function makeKey(page: Page, without: string[] = []) {
  await page.goto(`${inject("stripeUrl")}/restricted-keys`);
  await page.getByLabel("The account's secret key").fill(`sk_test_${ACCOUNT}`);
  for (const p of without) await page.getByRole("checkbox", { name: p }).uncheck();
  await page.getByRole("button", { name: "Create key" }).click();
  return (await page.getByTestId("restricted-key").textContent())!.trim();
}

describe("Payment Setup with a restricted key", () => {
  it("lists the permissions, names a missing one, and saves a key that has them all", async () => {
    await grantPlan(b, SELLER.email, "pro");

    const { page, context } = await b.newPage();
    await signIn(page, SELLER.email, SELLER.name);
    await openSettingsTab(page, "Payment Setup");
    const help = page.getByRole("region", { name: "Recommended: a restricted key" });
    await help.waitFor();
    expect(await help.getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining("Checkout Sessions: Write"),
      expect.stringContaining("Webhook Endpoints: Write"),
      expect.stringContaining("Refunds: Write"),
      expect.stringContaining("PaymentIntents: Read"),
      expect.stringContaining("Charges: Read"),
    ]);
    const link = await help.getByRole("link", { name: "Create this key in Stripe" }).getAttribute("href");
    expect(link).toContain("https://dashboard.stripe.com/test/apikeys/create?");
    expect(decodeURIComponent(link!)).toContain("permissions[]=rak_refund_write");
    await b.shot(page, "payment-setup-restricted-help");
    expect(await graveViolations(page)).toEqual([]);

    const sandbox = await context.newPage();
    const partial = await makeKey(sandbox, ["rak_refund_write"]);
    await page.locator('[name="stripe_publishable_key"]').fill(`pk_test_${ACCOUNT}`);
    await page.locator('[name="stripe_secret_key"]').fill(partial);
    await page.getByRole("button", { name: "Save Integration" }).click();
    await page.getByText(/Your restricted key is missing this permission: Refunds: Write\./).waitFor();
    await b.shot(page, "payment-setup-restricted-missing");

    const full = await makeKey(sandbox);
    expect(full).toMatch(/^rk_test_/);
    await page.locator('[name="stripe_secret_key"]').fill(full);
    await page.getByRole("button", { name: "Save Integration" }).click();
    await page.getByText("Payment integration saved successfully!").waitFor();
    await page.getByText(`Saved and encrypted. Replace it to use a new key.`).waitFor();
    expect(await page.locator('[name="stripe_secret_key"]').inputValue()).toBe(`rk_test_...${full.slice(-4)}`);
    await b.shot(page, "payment-setup-restricted-saved");
    await context.close();
  });

  it("the recommendation fits a phone", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, SELLER.email);
    await openSettingsTab(page, "Payment Setup", true);
    await page.getByRole("region", { name: "Recommended: a restricted key" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await b.shot(page, "payment-setup-restricted-phone");
    await context.close();
  });
});
