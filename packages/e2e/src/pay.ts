import type { Page } from "playwright-core";

/**
 * The buyer on the payments sandbox's hosted page (this page, or the tab an overlay opened):
 * checks the amount asked, pays with the prefilled test card and lands on "Payment Successful!"
 * with the same amount.
 */
export async function payOnSandbox(page: Page, email: string, amount: string) {
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByText(amount).first().waitFor();
  await page.locator("#email").fill(email);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/checkout\/success\?session_id=/);
  await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
  await page.getByText(amount).first().waitFor();
}
