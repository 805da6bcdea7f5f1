import type { Page } from "playwright-core";

/**
 * Signs in through /login, the issuer and the local Google emulator, like a person would:
 * the emulator's one-click "Continue as …" when it remembers the e-mail, else its form.
 */
export async function signIn(page: Page, email: string, name?: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/__google\/authorize/);
  const oneClick = page.getByRole("button", { name: `Continue as ${email}` });
  if (await oneClick.count()) {
    await oneClick.click();
  } else {
    await page.locator("form:has(#email) #email").fill(email);
    if (name) await page.locator("#name").fill(name);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await page.waitForURL((url) => !/auth\/callback|__google|authorize/.test(url.pathname + url.search), {
    timeout: 20_000,
  });
}
