import { User } from "@payloft/core/user/index";

/**
 * The demo people: sign in as them through the local Google emulator, where they
 * are offered for one-click sign-in. Products and sales seeds find them by e-mail.
 */
export const DEMO_ACCOUNTS = [
  { email: "creator@demo.local", name: "Demo Creator", role: "creator", is_admin: false, plan: "free" },
  { email: "buyer@demo.local", name: "Demo Buyer", role: "customer", is_admin: false, plan: "free" },
  { email: "paypal@demo.local", name: "Demo PayPal Seller", role: "creator", is_admin: false, plan: "free" },
  { email: "admin@demo.local", name: "Demo Admin", role: "admin", is_admin: true, plan: "free" },
] as const;

/** Idempotent: an account that already exists is left as it is (its owner may have changed it). */
export async function seed() {
  for (const a of DEMO_ACCOUNTS) {
    if (await User.fromEmail(a.email)) continue;
    await User.create({
      email: a.email,
      name: a.name,
      google_name: a.name,
      role: a.role,
      is_admin: a.is_admin,
      plan: a.plan,
      onboarding_completed: true,
    });
  }
}
