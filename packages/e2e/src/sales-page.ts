import type { Page } from "playwright-core";
import { payOnSandbox } from "./pay";

/** The sales page's purchase card (price, code, buy or claim). */
export const purchaseCard = (page: Page) => page.getByRole("complementary", { name: "Purchase" });

/** The purchase card's discount-code field. */
export const codeField = (page: Page) => purchaseCard(page).getByRole("textbox", { name: "Have a code?" });

/** The price the purchase card shows, spaces folded: "$20.00", "Was $20.00 now $14.00". */
export const shownPrice = async (page: Page) =>
  (await purchaseCard(page).getByTestId("price").innerText()).replace(/\s+/g, " ");

/** A visitor opens a sales page (`path` may carry ?utm_… or ?code=…), clicks Buy at `price` and pays it. */
export async function buyOnSalesPage(page: Page, path: string, headline: string, price: string, email: string) {
  await page.goto(path);
  await page.getByRole("heading", { name: headline }).waitFor();
  await page
    .getByRole("button", { name: `Buy Now - ${price}` })
    .first()
    .click();
  await payOnSandbox(page, email, price);
}

/** A visitor claims a free product from its sales page with an e-mail address and lands on "It's yours!". */
export async function claimFree(page: Page, productId: string, email: string) {
  await page.goto(`/product/${productId}`);
  await purchaseCard(page).getByRole("textbox", { name: "Your e-mail address" }).fill(email);
  await purchaseCard(page).getByRole("button", { name: "Get it free" }).click();
  await page.waitForURL(/\/checkout\/success\?session_id=claim_/);
  await page.getByRole("heading", { name: "It's yours!" }).waitFor({ timeout: 20_000 });
}
