import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, PHONE } from "../src/browser";
import { signIn } from "../src/sign-in";

/**
 * Plans and people, each on a desktop (1280×800) and a phone (390×844):
 *  - a customer who picks a plan is first offered to start selling; a seller with products
 *    confirms before switching to buying (and keeps them);
 *  - a lifetime member sees every plan as included, the lifetime deal as theirs, Billing as Lifetime;
 *  - someone who bought as a guest lands in the customer portal at first sign-in, purchase shown;
 *  - an admin's review notes appear on the creator's product card and reach them by e-mail.
 */
const b = useBrowser();
const DESKTOP = { width: 1280, height: 800 };
const SELLER = "sol.seller@e2e.local";
const CONTENT = "https://files.example.com/journeys/kit.zip";
const products: Record<string, string> = {};

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A section of the dashboard or admin shell: the sidebar on a desktop, the drawer on a phone. */
async function openSection(page: Page, shell: "Dashboard" | "Admin", section: string) {
  const menu = page.getByRole("button", { name: "Open menu" });
  const sidebar = page.getByRole("navigation", { name: `${shell} sections` });
  await menu.or(sidebar).first().waitFor({ timeout: 20_000 }); // the shell has rendered
  const nav = (await menu.isVisible()) ? (await menu.click(), page.getByRole("dialog", { name: "Menu" })) : sidebar;
  await nav.getByRole("button", { name: section, exact: true }).click();
}

/** The sandbox's hosted checkout: the test card is prefilled; submit and come back. */
async function payOnSandbox(page: Page, email?: string) {
  await page.waitForURL(/\/pay\/cs_test_/);
  if (email) await page.locator("#email").fill(email);
  await page.locator("form button[type=submit]").click();
}

beforeAll(async () => {
  // One seller for every viewport: granted Business by the admin, products and Stripe keys set
  // through the API with the seller's own browser session (setup, not what is being tested).
  const admin = await b.newPage();
  await signIn(admin.page, "admin@demo.local");
  const granted = await admin.page.request.post("/api/admin/users/create", {
    data: { email: SELLER, plan: "business", is_admin: false, onboarding_completed: true },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
  await admin.context.close();

  const { page, context } = await b.newPage();
  await signIn(page, SELLER, "Sol Seller");
  const headers = { origin: b.baseUrl() };
  for (const name of ["Guest Kit", "Review Kit desktop", "Review Kit phone"]) {
    const made = await page.request.post("/api/products", {
      headers,
      data: { name, price: 12, content_url: CONTENT, media_type: "none", headline: `${name}, ready to use` },
    });
    expect(made.status(), await made.text()).toBe(201);
    products[name] = ((await made.json()) as { id: string }).id;
  }
  const keys = await page.request.post("/api/payment-integration", {
    headers,
    data: {
      provider: "stripe",
      is_active: true,
      is_live: false,
      stripe_publishable_key: "pk_test_journeys_seller",
      stripe_secret_key: "sk_test_journeys_seller",
    },
  });
  expect(keys.ok(), await keys.text()).toBe(true);
  await context.close();
});

for (const [device, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`on a ${device}`, () => {
    const newPage = () => b.newPage({ viewport });
    const shot = (page: Page, name: string) => b.shot(page, `people-${name}-${device}`);

    it("a customer picking a plan is offered to start selling; a seller with a product confirms switching to buying", async () => {
      const { page, context } = await newPage();
      const email = `cody.customer.${device}@e2e.local`;
      await signIn(page, email, "Cody Customer");
      await page.goto("/role-selection");
      await page.getByRole("button", { name: /I want to buy/ }).click();
      await page.waitForURL("**/customer-dashboard");

      await page.goto("/pricing");
      const notice = page.getByTestId("plan-audience-notice");
      await notice.waitFor();
      expect(await notice.innerText()).toContain("Plans are for creators");
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, "pricing-customer");
      await page.getByRole("button", { name: "Get Started with Starter" }).click();
      const offer = page.getByRole("dialog", { name: "Start selling on Payloft?" });
      await offer.waitFor();
      expect(await offer.innerText()).toContain("continue with the Starter plan");
      await shot(page, "start-selling-dialog");
      // Not now: nothing changes.
      await offer.getByRole("button", { name: "Cancel" }).click();
      expect((await (await page.request.get("/api/profile")).json()).role).toBe("customer");
      await page.getByRole("button", { name: "Get Started with Starter" }).click();
      await page
        .getByRole("dialog", { name: "Start selling on Payloft?" })
        .getByRole("button", { name: "Start selling" })
        .click();
      await page.waitForURL(/\/pay\/cs_test_/);
      expect((await (await page.request.get("/api/profile")).json()).role).toBe("creator");

      // Now a seller with a product: switching back to buying asks first and keeps the product.
      const made = await page.request.post("/api/products", {
        headers: { origin: b.baseUrl() },
        data: { name: `Cody's Kit ${device}`, price: 5, content_url: CONTENT, media_type: "none" },
      });
      const { id } = (await made.json()) as { id: string };
      await page.goto("/role-selection");
      await page.getByRole("button", { name: /I want to buy/ }).click();
      const ask = page.getByRole("dialog", { name: "Switch to buying?" });
      await ask.waitFor();
      expect(await ask.innerText()).toContain("You have 1 product.");
      await shot(page, "switch-to-buying-dialog");
      await ask.getByRole("button", { name: "Keep selling" }).click();
      expect((await (await page.request.get("/api/profile")).json()).role).toBe("creator");
      await page.getByRole("button", { name: /I want to buy/ }).click();
      await page
        .getByRole("dialog", { name: "Switch to buying?" })
        .getByRole("button", { name: "Switch to buying" })
        .click();
      await page.waitForURL("**/customer-dashboard");
      const product = await (await page.request.get(`/api/public/products/${id}`)).json();
      expect(product.is_active).toBe(true);
      await context.close();
    });

    it("a lifetime member: every plan is included, the deal is theirs, Billing says Lifetime", async () => {
      const { page, context } = await newPage();
      await page.goto("/secret-lifetime-deal");
      await page.getByRole("button", { name: "Get Lifetime Access" }).click();
      await page.waitForURL("**/login");
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await page.waitForURL(/__google\/authorize/);
      await page.locator("#email").fill(`lia.lifetime.${device}@e2e.local`);
      await page.locator("#name").fill("Lia Lifetime");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL("**/onboarding", { timeout: 30_000 });
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Complete Setup" }).click();
      await payOnSandbox(page);
      await page.getByRole("heading", { name: "Welcome to Payloft!" }).waitFor({ timeout: 20_000 });

      await page.goto("/pricing");
      const notice = page.getByTestId("plan-audience-notice");
      await notice.waitFor();
      expect(await notice.innerText()).toContain("You have lifetime access");
      const included = page.getByRole("button", { name: "Included in Lifetime" });
      await included.first().waitFor();
      expect(await included.count()).toBe(4);
      for (const button of await included.all()) expect(await button.isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: /^Get Started with/ }).count()).toBe(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, "pricing-lifetime");

      await page.goto("/secret-lifetime-deal");
      const owned = page.getByRole("button", { name: "You have Lifetime Access" });
      await owned.waitFor();
      expect(await owned.isDisabled()).toBe(true);
      await shot(page, "lifetime-deal-member");

      await page.goto("/dashboard");
      await openSection(page, "Dashboard", "Settings");
      await page.getByRole("tab", { name: "Billing" }).click();
      await page.getByTestId("billing-plan").waitFor();
      expect(await page.getByTestId("billing-plan").innerText()).toBe("Lifetime");
      expect(await page.getByTestId("billing-price").innerText()).toBe("$199 once");
      expect(await page.getByText("You have lifetime access with unlimited products.").count()).toBe(1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, "billing-lifetime");
      await context.close();
    });

    it("a guest buyer signs in with the e-mail they paid with and lands in the portal with the purchase", async () => {
      const email = `gus.guest.${device}@e2e.local`;
      const { page, context } = await newPage();
      await page.goto(`/product/${products["Guest Kit"]}`);
      await page
        .getByRole("button", { name: /^Buy Now/ })
        .first()
        .click();
      await payOnSandbox(page, email);
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 20_000 });

      await signIn(page, email, "Gus Guest");
      await page.waitForURL("**/customer-dashboard", { timeout: 20_000 });
      expect(await page.getByRole("heading", { name: "How will you use Payloft?" }).count()).toBe(0);
      await page.getByTestId("library-item").filter({ hasText: "Guest Kit" }).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, "first-time-buyer-portal");
      await context.close();
    });

    it("an admin's review notes show on the creator's product card and are e-mailed", async () => {
      const name = `Review Kit ${device}`;
      const id = products[name]!;
      const notes = `Please replace the cover image (${device}).`;
      const admin = await newPage();
      await signIn(admin.page, "admin@demo.local");
      await openSection(admin.page, "Admin", "Product Moderation");
      const row = admin.page.locator(`[data-testid=moderation-row-${id}]`);
      await row.waitFor();
      await row.getByRole("button", { name: "Review" }).click();
      const review = admin.page.getByRole("dialog", { name: "Review product" });
      await review.getByLabel("Status").selectOption("rejected");
      await review.getByLabel("Notes (optional)").fill(notes);
      await review.getByRole("button", { name: "Save Review" }).click();
      await review.waitFor({ state: "detached" });
      await admin.context.close();

      const { page, context } = await newPage();
      await signIn(page, SELLER, "Sol Seller");
      const card = page.getByTestId("product-card").filter({ hasText: name });
      await card.waitFor({ timeout: 20_000 });
      expect(await card.getByText("Rejected", { exact: true }).count()).toBe(1);
      const note = card.getByTestId("moderation-note");
      expect(await note.innerText()).toContain("Rejected: buyers can't purchase it.");
      expect(await note.getByTestId("moderation-notes").innerText()).toBe(notes);
      await card.scrollIntoViewIfNeeded();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, "creator-review-note");

      const outbox = (await (await page.request.get("/__outbox.json")).json()) as {
        to: string;
        subject: string;
        text: string;
      }[];
      const mail = outbox.filter((m) => m.to === SELLER && m.subject === `Your product "${name}" was not approved`);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain(notes);

      // The seller's Business plan was granted by the admin: never billed, $0 in Billing.
      await openSection(page, "Dashboard", "Settings");
      await page.getByRole("tab", { name: "Billing" }).click();
      await page.getByTestId("billing-plan").filter({ hasText: "Business" }).waitFor();
      expect(await page.getByTestId("billing-price").innerText()).toBe("$0 · granted by Payloft");
      await shot(page, "billing-granted");
      await context.close();
    });
  });
}
