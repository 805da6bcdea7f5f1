import { expect } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { signIn } from "./sign-in";

type Opener = {
  newPage: (opts?: {
    viewport?: { width: number; height: number };
  }) => Promise<{ page: Page; context: BrowserContext }>;
};

/**
 * A seller of their own for a journey, so it never changes the shared demo creator's figures:
 * the demo admin grants the plan through the real admin API, the seller signs in, connects
 * sandbox Stripe keys (unless `payments: false`: a seller who has not done Payment Setup) and
 * lists products through the API. Returns the seller's signed-in page.
 */
export async function sellerWithProducts(
  b: Opener,
  seller: { email: string; name: string; plan?: "starter" | "pro" | "business"; payments?: boolean },
  products: Record<string, unknown>[],
) {
  await grantPlan(b, seller.email, seller.plan ?? "pro");

  const { page, context } = await b.newPage();
  await signIn(page, seller.email, seller.name);
  if (seller.payments !== false) await connectStripe(page, seller.email);
  const ids = await createProducts(page, products);
  return { page, context, ids };
}

/** Payment Setup through the API: a PayPal sandbox app of the signed-in seller's own (`clientId` makes it unique). */
export async function connectPayPal(page: Page, clientId: string) {
  const saved = await page.request.post("/api/payment-integration", {
    data: {
      provider: "paypal",
      is_live: false,
      is_active: true,
      paypal_client_id: clientId,
      paypal_client_secret: `${clientId}-secret`,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** Payment Setup through the API: sandbox Stripe keys of the signed-in seller's own (`tag` makes them unique). */
export async function connectStripe(page: Page, tag: string) {
  tag = tag.replace(/[^a-z0-9]/gi, "");
  const keys = await page.request.post("/api/payment-integration", {
    data: {
      provider: "stripe",
      is_live: false,
      is_active: true,
      stripe_publishable_key: `pk_test_${tag}`,
      stripe_secret_key: `sk_test_${tag}`,
    },
  });
  expect(keys.ok(), await keys.text()).toBe(true);
}

/** Lists products for the signed-in seller through the API (a content link unless given); their ids in order. */
export async function createProducts(page: Page, products: Record<string, unknown>[]) {
  const ids: string[] = [];
  for (const body of products) {
    const res = await page.request.post("/api/products", {
      data: { content_url: "https://files.example.com/e2e.pdf", ...body },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

/** The demo admin grants `email` a plan through the real admin API, before that person first signs in. */
export async function grantPlan(b: Opener, email: string, plan: string) {
  const admin = await b.newPage();
  await signIn(admin.page, "admin@demo.local");
  const granted = await admin.page.request.post("/api/admin/users/create", {
    data: { email, plan, is_admin: false, onboarding_completed: true },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
  await admin.context.close();
}

/** Settings → `tab` from the dashboard, through the sidebar, or on a phone through the menu. */
export async function openSettingsTab(page: Page, tab: string, phone = false) {
  await page.waitForURL(/\/dashboard/);
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
  } else await page.getByRole("button", { name: "Settings" }).first().click();
  await page.getByRole("tab", { name: tab }).click();
}
