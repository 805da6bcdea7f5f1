import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";

/**
 * Plan journeys: a new person picks Pro yearly on /pricing, signs in, finishes onboarding
 * with the plan preselected, pays on the sandbox's hosted page and lands on the success
 * screen and dashboard; the lifetime deal the same way gives unlimited products.
 */
const b = useBrowser();
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signInOnEmulator(page: Page, who: { email: string; name: string }) {
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/__google\/authorize/);
  await page.locator("#email").fill(who.email);
  await page.locator("#name").fill(who.name);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/onboarding", { timeout: 30_000 });
}

/** The sandbox's hosted checkout: the test card is prefilled; submit and return to the site. */
async function payOnSandbox(page: Page, baseUrl: string) {
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((u) => u.toString().startsWith(`${baseUrl}/onboarding-success`), { timeout: 30_000 });
}

describe("plans journeys", () => {
  it("pricing: four cards, yearly prices, the trial note and the signed-out hint (desktop and phone)", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/pricing");
    await page.getByRole("heading", { name: "Choose the plan that fits your business" }).waitFor();
    expect(await page.locator("[data-plan]").count()).toBe(4);
    expect(await page.getByText("Popular", { exact: true }).count()).toBe(1);
    expect(
      await page.getByText("All paid plans include a 14-day free trial • No setup fees • Cancel anytime").count(),
    ).toBe(1);
    expect(await page.locator("[data-plan=free]").getByText(/trial/i).count()).toBe(0);
    expect(await page.getByText(/sign in with your Google account to complete your purchase/).count()).toBe(1);
    await page.getByRole("radio", { name: /Yearly/ }).click();
    expect(await page.locator("[data-plan=pro] [data-testid=plan-price]").innerText()).toBe("$15.20");
    expect(await page.locator("[data-plan=pro]").innerText()).toContain("$182 billed yearly");
    expect(await page.getByText("Save 20%").count()).toBe(1);
    await b.shot(page, "plans-pricing-desktop");
    await context.close();

    const phone = await b.newPage({ viewport: PHONE });
    await phone.page.goto("/pricing");
    await phone.page.locator("[data-plan=business]").waitFor();
    // The signed-out hint comes before the cards, so a phone reader sees it first.
    const hint = (await phone.page.getByText(/sign in with your Google account/).boundingBox())!;
    const firstCard = (await phone.page.locator("[data-plan]").first().boundingBox())!;
    expect(hint.y).toBeLessThan(firstCard.y);
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await b.shot(phone.page, "plans-pricing-phone");
    await phone.page.goto("/secret-lifetime-deal");
    await phone.page.getByRole("button", { name: "Get Lifetime Access" }).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await b.shot(phone.page, "plans-lifetime-phone");
    await phone.context.close();
  });

  it("a new e-mail: Pro yearly on /pricing → sign in → onboarding (preselected) → pay → success → dashboard", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/pricing");
    await page.getByRole("radio", { name: /Yearly/ }).click();
    await page.getByRole("button", { name: "Get Started with Pro" }).click();
    await page.waitForURL("**/login");
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem("selectedPlan"),
        sessionStorage.getItem("selectedBillingCycle"),
      ]),
    ).toEqual(["pro", "yearly"]);
    await signInOnEmulator(page, { email: "pia.pro@e2e.local", name: "Pia Pro" });

    await page.getByRole("button", { name: "Continue" }).click();
    const pro = page.getByRole("radio", { name: "Pro plan" });
    await pro.waitFor();
    expect(await pro.getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("radio", { name: /Yearly/ }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByText("Popular", { exact: true }).count()).toBe(1);
    await b.shot(page, "plans-onboarding-step2");

    await page.getByRole("button", { name: "Complete Setup" }).click();
    await payOnSandbox(page, b.baseUrl());
    await page.getByRole("heading", { name: "Welcome to Payloft!" }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("success-plan").innerText()).toBe("Pro");
    expect(await page.getByTestId("success-name").innerText()).toBe("Pia Pro");
    expect(await page.getByText("Your subscription is active and your account is ready to go.").count()).toBe(1);
    expect(await page.getByText("What's Next?").count()).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem("selectedPlan"))).toBeNull();
    await b.shot(page, "plans-success");

    await page.getByRole("button", { name: /Go to Dashboard/ }).click();
    await page.waitForURL("**/dashboard");
    await page.getByTestId("sidebar-plan").first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("sidebar-plan").first().innerText()).toBe("Pro Plan");
    const billing = await (await page.request.get("/api/platform/billing")).json();
    expect(billing).toMatchObject({ plan: "pro", billing_cycle: "yearly", price: 18200, product_limit: 10 });
    await context.close();
  });

  it("the lifetime deal: sign in, pay $199 once, unlimited products", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/secret-lifetime-deal");
    await page.getByRole("heading", { name: "Pay once. Sell forever." }).waitFor();
    for (const text of ["30-day money-back guarantee", "Limited-time offer"]) {
      expect(await page.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    // No invented figures: the platform's own (GET /api/public/stats), or none (rule: Honest social proof).
    for (const invented of ["1,200+", "$50K+", "10K+"])
      expect(await page.getByText(invented, { exact: true }).count(), invented).toBe(0);
    const stats = (await (await page.request.get("/api/public/stats")).json()) as { products_sold: number | null };
    expect(await page.getByText("Products sold", { exact: true }).count()).toBe(stats.products_sold ? 1 : 0);
    expect(await page.getByTestId("lifetime-price").innerText()).toBe("$199");
    await b.shot(page, "plans-lifetime");
    await page.getByRole("button", { name: "Get Lifetime Access" }).click();
    await page.waitForURL("**/login");
    await signInOnEmulator(page, { email: "leo.lifetime@e2e.local", name: "Leo Lifetime" });
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Lifetime Access", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await payOnSandbox(page, b.baseUrl());
    await page.getByRole("heading", { name: "Welcome to Payloft!" }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("success-plan").innerText()).toBe("Lifetime");
    expect(await page.getByText("Lifetime access is yours and your account is ready to go.").count()).toBe(1);
    const billing = await (await page.request.get("/api/platform/billing")).json();
    expect(billing).toMatchObject({ plan: "lifetime", product_limit: null });
    await page.getByRole("button", { name: /Go to Dashboard/ }).click();
    await page.waitForURL("**/dashboard");
    expect(pathOf(page)).toBe("/dashboard");
    await context.close();
  });

  it("free creator: dashboard banner → Upgrade Now → pay → Settings → Billing upgrades in place", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Get Started with Free" }).click();
    await page.waitForURL("**/login");
    await signInOnEmulator(page, { email: "fay.free@e2e.local", name: "Fay Free" });
    await page.getByRole("button", { name: "Continue" }).click();
    expect(await page.getByRole("radio", { name: "Free plan" }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await page.getByRole("heading", { name: "Welcome to Payloft!" }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("success-plan").innerText()).toBe("Free");
    // Nothing renews on Free: no "subscription is active".
    await page.getByText("Your account is ready to go: sell on the Free plan and upgrade").waitFor();
    expect(await page.getByText(/subscription/i).count()).toBe(0);
    await page.getByRole("button", { name: /Go to Dashboard/ }).click();

    await page.getByRole("heading", { name: "Ready to grow your business?" }).waitFor({ timeout: 20_000 });
    await b.shot(page, "plans-banner");
    await page.getByRole("button", { name: "Upgrade Now to Starter" }).click();
    await page.waitForURL("**/onboarding?upgrade=starter");
    const starter = page.getByRole("radio", { name: "Starter plan" });
    await starter.waitFor();
    expect(await starter.getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await payOnSandbox(page, b.baseUrl());
    await page.getByRole("heading", { name: "Welcome to Payloft!" }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("success-plan").innerText()).toBe("Starter");
    await page.getByRole("button", { name: /Go to Dashboard/ }).click();
    await page.getByTestId("sidebar-plan").first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("sidebar-plan").first().innerText()).toBe("Starter Plan");
    expect(await page.getByRole("heading", { name: "Ready to grow your business?" }).count()).toBe(0);

    await page.getByRole("button", { name: "Settings" }).first().click();
    await page.getByRole("tab", { name: "Billing" }).click();
    await page.getByTestId("billing-plan").waitFor();
    expect(await page.getByTestId("billing-plan").innerText()).toBe("Starter");
    expect(await page.getByTestId("billing-price").innerText()).toBe("$9/month");
    expect(await page.getByTestId("billing-usage").innerText()).toBe("0 / 3");
    await b.shot(page, "plans-billing");
    await page.locator("[data-plan=pro]").getByRole("button", { name: "Upgrade" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Upgrade" }).click();
    await page.getByTestId("billing-plan").filter({ hasText: "Pro" }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("billing-price").innerText()).toBe("$19/month");
    const billing = await (await page.request.get("/api/platform/billing")).json();
    expect(billing).toMatchObject({ plan: "pro", has_subscription: true, product_limit: 10 });
    await context.close();
  });

  it("a signed-in person without a role is sent to role selection with the choice kept", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/login");
    await signInOnEmulator(page, { email: "rory.norole@e2e.local", name: "Rory" });
    await page.goto("/pricing");
    await page.getByText("Signed in as").first().waitFor();
    expect(await page.getByText("rory.norole@e2e.local").first().isVisible()).toBe(true);
    await page.getByRole("button", { name: "Get Started with Starter" }).click();
    await page.waitForURL("**/role-selection");
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem("selectedPlan"),
        sessionStorage.getItem("selectedBillingCycle"),
      ]),
    ).toEqual(["starter", "monthly"]);
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await context.close();
  });
});
