import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";

/**
 * Sign-in journeys through the real pages, the issuer and the local Google emulator's form:
 * a new person from the landing page to onboarding step 1, the three demo accounts landing on
 * their dashboards, safe ?redirect= handling, customer signup, and logout.
 */
const b = useBrowser();

/** From the emulator's page: pick a listed account, or type one into the form. */
async function chooseAccount(page: Page, who: { email: string; name?: string }, via: "form" | "pick" = "form") {
  await page.waitForURL(/__google\/authorize/);
  if (via === "pick") {
    await page.getByRole("button", { name: `Continue as ${who.email}` }).click();
  } else {
    await page.locator("#email").fill(who.email);
    if (who.name) await page.locator("#name").fill(who.name);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }
}

async function signInFromLogin(page: Page, who: { email: string; name?: string }, via: "form" | "pick" = "form") {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await chooseAccount(page, who, via);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe("sign-in journeys", () => {
  it("a new person goes from the landing page through Get Started and sign-in to onboarding step 1", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Get Started" }).first().click();
    await page.waitForURL("**/pricing");

    // The pricing page sends a signed-out visitor to sign in; the login page itself:
    await page.goto("/login");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    for (const note of ["Secure OAuth authentication", "Your data is protected", "No password required"]) {
      expect(await page.getByText(note).count(), note).toBe(1);
    }
    await b.shot(page, "signin-login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(/__google\/authorize/);
    await page.locator("#email").fill("newbie@e2e.local");
    await page.locator("#name").fill("Nova Newbie");
    await b.shot(page, "signin-emulator");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await page.waitForURL(/\/auth\/callback/);
    await page
      .getByText(/Authentication successful|Authentication Failed/)
      .first()
      .waitFor({ timeout: 45_000 });
    await b.shot(page, "signin-callback");
    expect(await page.locator("main").innerText()).toContain("Authentication successful. Redirecting you now...");
    expect(await page.getByRole("heading", { name: "Welcome to Payloft!" }).count()).toBe(1);

    await page.waitForURL("**/onboarding", { timeout: 15_000 });
    const nameInput = page.getByLabel("Your name");
    await nameInput.waitFor();
    expect(await nameInput.inputValue()).toBe("Nova Newbie");
    expect(await page.getByText("newbie@e2e.local").count()).toBe(1);
    expect(await page.getByText("Google Account").count()).toBe(1);
    await b.shot(page, "signin-onboarding-step1");

    // Continue is disabled while the name is blank.
    await nameInput.fill("   ");
    expect(await page.getByRole("button", { name: "Continue" }).isDisabled()).toBe(true);
    await nameInput.fill("Nova N.");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("listitem").filter({ hasText: "Plan" }).and(page.locator("[aria-current=step]")).waitFor();
    const profile = await page.request.get("/api/profile");
    expect((await profile.json()).name).toBe("Nova N.");
    await context.close();
  });

  it("on a phone, login and onboarding fit the screen", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto("/login");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "signin-login-phone");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await chooseAccount(page, { email: "phone@e2e.local", name: "Pat Phone" });
    await page.waitForURL("**/onboarding", { timeout: 15_000 });
    await page.getByLabel("Your name").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.shot(page, "signin-onboarding-phone");
    await context.close();
  });

  it("the demo creator, buyer and admin land on their dashboards", async () => {
    const cases = [
      { email: "creator@demo.local", path: "/dashboard", via: "pick" },
      { email: "buyer@demo.local", path: "/customer-dashboard", via: "form" },
      { email: "admin@demo.local", path: "/admin", via: "pick" },
    ] as const;
    for (const c of cases) {
      const { page, context } = await b.newPage();
      await signInFromLogin(page, { email: c.email }, c.via);
      await page.waitForURL(`**${c.path}`, { timeout: 20_000 });
      expect(pathOf(page), c.email).toBe(c.path);
      await context.close();
    }
  });

  it("?redirect= is followed for our own paths only", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/login?redirect=//evil.example/steal");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await chooseAccount(page, { email: "creator@demo.local" }, "pick");
    await page.waitForURL("**/dashboard", { timeout: 20_000 });
    expect(new URL(page.url()).host).toBe(new URL(b.baseUrl()).host);

    // Signed in, /login with a same-site redirect goes straight there.
    await page.goto("/login?redirect=%2Fpricing%3Fx%3D1");
    await page.waitForURL("**/pricing?x=1");
    await context.close();
  });

  it("customer signup: signed out goes to sign-in and back, then joins the creator", async () => {
    const creator = await b.newPage();
    await signInFromLogin(creator.page, { email: "creator@demo.local" }, "pick");
    await creator.page.waitForURL("**/dashboard", { timeout: 20_000 });
    const creatorId = (await (await creator.page.request.get("/api/profile")).json()).id as string;
    await creator.context.close();

    const { page, context } = await b.newPage();
    await page.goto(`/customer-signup?creator=${creatorId}`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await chooseAccount(page, { email: "joiner@e2e.local", name: "Jo Joiner" });
    await page.waitForURL(/\/customer-signup\?creator=/, { timeout: 20_000 });
    await page.getByText("You're joining").waitFor();
    await page.getByRole("heading", { name: "Demo Creator" }).waitFor();
    const display = page.getByLabel("Display Name");
    expect(await display.inputValue()).toBe("Jo Joiner");
    await display.fill(" ");
    expect(await page.getByRole("button", { name: "Complete Account Setup" }).isDisabled()).toBe(true);
    await display.fill("Jo J.");
    await b.shot(page, "signin-customer-signup");
    await page.getByRole("button", { name: "Complete Account Setup" }).click();
    await page.waitForURL("**/customer-dashboard", { timeout: 15_000 });
    const profile = await (await page.request.get("/api/profile")).json();
    expect(profile).toMatchObject({ role: "customer", name: "Jo J." });
    await context.close();
  });

  it("logging out returns to / and ends the session on the server", async () => {
    const { page, context } = await b.newPage();
    await signInFromLogin(page, { email: "buyer@demo.local" }, "pick");
    await page.waitForURL("**/customer-dashboard", { timeout: 20_000 });
    const cookieHeader = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await page.goto("/");
    // The screen clears the user first, then POSTs to the server (rule: Logout is a POST): wait for that call.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/logout") && r.request().method() === "POST" && r.ok()),
      page.getByRole("button", { name: "Log Out" }).first().click(),
    ]);
    await page.getByRole("button", { name: "Sign In" }).first().waitFor();
    expect(pathOf(page)).toBe("/");
    expect(await (await page.request.get("/api/users/me")).json()).toEqual({ user: null });
    // The cookies from before logout, replayed, are refused by the server as well.
    const replay = await fetch(`${b.baseUrl()}/api/users/me`, { headers: { cookie: cookieHeader } });
    expect(await replay.json()).toEqual({ user: null });
    expect((await fetch(`${b.baseUrl()}/api/profile`, { headers: { cookie: cookieHeader } })).status).toBe(401);
    await context.close();
  });
});
