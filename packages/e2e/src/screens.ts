import type { BrowserContext, Page } from "playwright-core";
import { signIn } from "@payloft/local/testing/auth";
import type { Stack } from "@payloft/local/stack";

/** Who looks at a screen: a signed-out visitor or one of the demo accounts (packages/local/src/seed/accounts.ts). */
export type Viewer = "visitor" | "creator@demo.local" | "paypal@demo.local" | "buyer@demo.local" | "admin@demo.local";

export interface Screen {
  /** File-name friendly; also names the test. */
  name: string;
  viewer: Viewer;
  /** The path to open; `{product}` stands for the demo creator's first product. */
  path: string;
  /** Text that is on screen once the page shows its data. */
  ready: string | RegExp;
}

/** The screens the accessibility test checks and `npm run screenshots` photographs. */
export const MAIN_SCREENS: Screen[] = [
  { name: "landing", viewer: "visitor", path: "/", ready: "Get Started" },
  { name: "pricing", viewer: "visitor", path: "/pricing", ready: "Choose the plan that fits your business" },
  { name: "login", viewer: "visitor", path: "/login", ready: "Continue with Google" },
  { name: "sales-page", viewer: "visitor", path: "/product/{product}", ready: /Buy Now/ },
  // The demo creator's storefront (packages/local/src/seed/products.ts) and the overlay checkout.
  { name: "store", viewer: "visitor", path: "/s/demo-creator", ready: "The Creator's Launch Kit" },
  { name: "overlay", viewer: "visitor", path: "/overlay/product/{product}", ready: /Buy Now/ },
  { name: "dashboard", viewer: "creator@demo.local", path: "/dashboard", ready: "Total Revenue" },
  // The demo PayPal seller has a product and no sale yet: the dashboard's setup checklist, one step left.
  { name: "dashboard-setup", viewer: "paypal@demo.local", path: "/dashboard", ready: "Get ready to sell" },
  { name: "settings", viewer: "creator@demo.local", path: "/settings", ready: "Display name" },
  // Memberships: the creator's Members section (the demo creator has none yet: its empty state).
  {
    name: "dashboard-members",
    viewer: "creator@demo.local",
    path: "/dashboard?section=members",
    ready: "No members yet",
  },
  // Affiliates (packages/local/src/seed/affiliates.ts): the demo creator's section (on the free
  // plan: the upgrade card above the list they can still settle), the demo buyer's Affiliate area
  // with one program, and the PayPal seller's with an invitation to answer.
  {
    name: "dashboard-affiliates",
    viewer: "creator@demo.local",
    path: "/dashboard?section=affiliates",
    ready: "paypal@demo.local",
  },
  { name: "affiliate", viewer: "buyer@demo.local", path: "/affiliate", ready: /\/r\/[a-z0-9]{8}$/ },
  {
    name: "affiliate-invitation",
    viewer: "paypal@demo.local",
    path: "/affiliate",
    ready: "Demo Creator invites you to be an affiliate",
  },
  { name: "admin", viewer: "admin@demo.local", path: "/admin", ready: "Total Users" },
  { name: "customer", viewer: "buyer@demo.local", path: "/customer", ready: "Purchase History" },
];

/** More screens for reviewers (`npm run screenshots`): every dashboard and admin section. */
export const MORE_SCREENS: Screen[] = [
  ...["analytics", "customers"].map((section) => ({
    name: `dashboard-${section}`,
    viewer: "creator@demo.local" as const,
    path: `/dashboard?section=${section}`,
    ready: section === "analytics" ? "Analytics" : "Customers",
  })),
  ...[
    ["my-products", "My Products"],
    ["users", "All Users and Their Plans"],
    ["moderation", "Product Moderation"],
    ["sales", "All Sales"],
    ["customers", "Customer Analytics"],
    ["finance", "Financial Reports"],
    ["system", "System Settings"],
    ["announcements", "Announcements"],
  ].map(([section, label]) => ({
    name: `admin-${section}`,
    viewer: "admin@demo.local" as const,
    path: `/admin?section=${section}`,
    ready: label!,
  })),
  { name: "not-found", viewer: "visitor", path: "/no-such-page", ready: "Page not found" },
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Signs a browser context in as `email` through the real issuer + Google-emulator flow and hands it the cookies. */
export async function signInContext(context: BrowserContext, baseUrl: string, email: string) {
  const header = await signIn({ url: baseUrl } as Stack, { email, name: email.split("@")[0] });
  await context.addCookies(
    header.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: baseUrl };
    }),
  );
}

/** The demo creator's first product, as the creator's own product list names it. */
export async function demoProductId(baseUrl: string): Promise<string> {
  const cookie = await signIn({ url: baseUrl } as Stack, { email: "creator@demo.local" });
  const res = await fetch(`${baseUrl}/api/products`, { headers: { cookie } });
  const products = (await res.json()) as { id: string }[];
  const id = Array.isArray(products) ? products[0]?.id : undefined;
  if (!id) throw new Error(`the demo creator has no product (GET /api/products answered ${res.status})`);
  return id;
}

/**
 * Opens a screen as its viewer would and waits until it shows its data and the network is idle
 * (no request left hanging). The context must already be signed in as `screen.viewer`.
 */
export async function openScreen(page: Page, screen: Screen, productId: string) {
  await page.goto(screen.path.replace("{product}", productId));
  await page.getByText(screen.ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle", { timeout: 30_000 });
}
