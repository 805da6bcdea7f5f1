import type { Page } from "playwright-core";

/** The creator's dashboard, with its figures loaded. */
export async function openDashboard(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("heading", { name: "Your Products" }).waitFor();
  await page.waitForLoadState("networkidle");
}

/** The setup checklist's steps and whether each is done: ["setup-step-profile:true", …]. */
export const checklistSteps = (page: Page) =>
  page
    .getByTestId("setup-checklist")
    .locator("li")
    .evaluateAll((els) => els.map((e) => `${e.getAttribute("data-testid")}:${e.getAttribute("data-done")}`));
