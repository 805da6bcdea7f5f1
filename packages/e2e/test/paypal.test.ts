import { describe, expect, it } from "vitest";
import { useBrowser, PHONE } from "../src/browser";
import { signIn } from "../src/sign-in";

/**
 * PayPal, end to end: a new free-plan creator saves PayPal credentials and lists a
 * $25.99 product; a buyer clicks Buy, approves on the PayPal sandbox page, sees "Payment
 * Successful!" and reaches the content; exactly one 2599-cent sale shows in Sales History,
 * on a desktop and on a phone.
 */
const b = useBrowser();
const SELLER = { email: "pablo.paypal@e2e.local", name: "Pablo PayPal" };
const BUYER = "payer@e2e.local";
const CONTENT = "https://files.example.com/pablo/budget-planner.zip";
const NAME = "Budget Planner for Notion";

describe("PayPal selling", () => {
  let productId = "";

  it("a new free-plan creator saves PayPal credentials and lists a $25.99 product", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, SELLER.email, SELLER.name);
    await page.waitForURL(/\/onboarding/);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: "Free plan" }).click();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await page.getByRole("heading", { name: "Welcome to Payloft!" }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("success-plan").innerText()).toBe("Free");
    await page.getByRole("button", { name: /Go to Dashboard/ }).click();
    await page.getByRole("heading", { name: "Your Products" }).waitFor({ timeout: 20_000 });

    await page.getByRole("button", { name: "Settings" }).first().click();
    await page.getByRole("tab", { name: "Payment Setup" }).click();
    await page.getByRole("radio", { name: /PayPal/ }).check();
    // A refused app first: the seller reads why, nothing is saved.
    await page.locator('[name="paypal_client_id"]').fill("refused-pablo-app");
    await page.locator('[name="paypal_client_secret"]').fill("pablo-secret-1234");
    await page.getByRole("button", { name: "Save Integration" }).click();
    await page.getByText(/^Error: PayPal refused this client ID and secret/).waitFor();
    await page.locator('[name="paypal_client_id"]').fill("pablo-sandbox-app");
    await page.getByRole("button", { name: "Save Integration" }).click();
    await page.getByText("Payment integration saved successfully!").waitFor();
    await page.getByText(/Connected\. Payloft's webhook is registered on your PayPal app/).waitFor();
    expect(await page.locator('[name="paypal_client_secret"]').inputValue()).toBe("pab...1234");
    await b.shot(page, "paypal-payment-setup-desktop");

    await page.getByRole("button", { name: "Products" }).first().click();
    await page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Product" });
    await dialog.locator('[name="name"]').fill(NAME);
    await dialog.locator('[name="price"]').fill("25.99");
    await dialog.locator('[name="content_url"]').fill(CONTENT);
    await dialog.getByRole("button", { name: "Create Product" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: NAME }).waitFor();
    const products = (await (await page.request.get("/api/products")).json()) as { id: string; name: string }[];
    productId = products.find((p) => p.name === NAME)!.id;
    await context.close();
  });

  it("a buyer approves on the PayPal sandbox page, sees Payment Successful! and reaches the content", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${productId}`);
    await page.getByText("Secure payment via PayPal").waitFor();
    await page.getByRole("button", { name: "Buy Now - $25.99" }).first().click();
    await page.waitForURL(/\/checkoutnow\?token=/);
    await page.getByText("$25.99").first().waitFor();
    await page.getByRole("link", { name: /Cancel and return/ }).waitFor();
    await page.locator("#email").fill(BUYER);
    await b.shot(page, "paypal-approve-page-desktop");
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=ppc_/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
    const link = page.getByRole("link", { name: "Access Your Content" });
    // The purchase's access link (rule: Access links), which leads to CONTENT.
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/a\/[A-Za-z0-9_-]{32}$/);
    expect((await fetch(href!, { redirect: "manual" })).headers.get("location")).toBe(CONTENT);
    await expect(page.getByText("$25.99").first().isVisible()).resolves.toBe(true);
    await expect(page.getByText(BUYER).first().isVisible()).resolves.toBe(true);
    await b.shot(page, "paypal-checkout-success-desktop");
    const successUrl = page.url();
    // A reload asks again; it finds the same purchase.
    await page.reload();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
    await context.close();

    const phone = await b.newPage({ viewport: PHONE });
    await phone.page.goto(successUrl);
    await phone.page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await b.shot(phone.page, "paypal-checkout-success-phone");
    await phone.context.close();
  });

  it("exactly one 2599-cent sale shows in the creator's Sales History, on desktop and phone", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, context } = await b.newPage(viewport ? { viewport } : {});
      await signIn(page, SELLER.email, SELLER.name);
      await page.waitForURL(/\/dashboard/);
      const sales = (await (await page.request.get("/api/sales-history")).json()) as
        { amount: number }[] | { sales: { amount: number }[] };
      const list = Array.isArray(sales) ? sales : sales.sales;
      expect(list.map((s) => s.amount)).toEqual([2599]);
      await page.goto("/dashboard?section=settings");
      await page.getByRole("tab", { name: "Sales History" }).click();
      const rows = viewport
        ? page.getByRole("list", { name: "Sales history" }).getByRole("listitem")
        : page.getByRole("table", { name: "Sales history" }).locator("tbody tr");
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      const text = await rows.first().innerText();
      expect(text).toContain("$25.99");
      expect(text).toContain(BUYER);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await b.shot(page, `paypal-sales-history-${viewport ? "phone" : "desktop"}`);
      if (viewport) {
        await page.getByRole("tab", { name: "Payment Setup" }).click();
        await page.getByText(/Connected\. Payloft's webhook is registered/).waitFor();
        await b.shot(page, "paypal-payment-setup-phone");
      }
      await context.close();
    }
  });
});
