import type { Page } from "playwright-core";

/** A product's card on the creator's dashboard. */
export const productCard = (page: Page, name: string) => page.getByTestId("product-card").filter({ hasText: name });

/** Opens the dashboard and the Edit dialog of the product named `name`, filled in. */
export async function openEditDialog(page: Page, name: string) {
  await page.goto("/dashboard");
  const card = productCard(page, name);
  await card.waitFor();
  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Product" });
  await dialog.waitFor();
  return dialog;
}

/** Edits a product through its card: each field (by name) gets its new value; saved with Save Changes. */
export async function editProduct(page: Page, name: string, fields: Record<string, string>) {
  const dialog = await openEditDialog(page, name);
  for (const [field, value] of Object.entries(fields)) await dialog.locator(`[name="${field}"]`).fill(value);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByText("Product updated").first().waitFor();
}
