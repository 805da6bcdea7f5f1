import { call } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";
import type { Stack } from "@payloft/local/stack";

/**
 * People for the admin handler tests, signed in through the real flow. admin@demo.local is
 * a configured admin e-mail of the local stage, so it becomes an admin at first sign-in.
 */
export async function signInAdmin(stack: Stack, email = "admin@demo.local") {
  const cookie = await signIn(stack, { email, name: "Ada Admin" });
  const me = await call(stack, "GET", "/api/profile", { cookie });
  if (me.status !== 200 || !me.json.is_admin) throw new Error(`admin sign-in: ${me.status} ${me.text}`);
  return { cookie, id: me.json.id as string, email };
}

export async function signInWithRole(stack: Stack, email: string, role: "creator" | "customer") {
  const cookie = await signIn(stack, { email, name: email.split("@")[0] });
  const res = await call(stack, "POST", "/api/profile/role", { cookie, body: { role } });
  if (res.status !== 200) throw new Error(`role ${role} for ${email}: ${res.status} ${res.text}`);
  return { cookie, id: res.json.id as string, email };
}

export const productBody = (name = "Design Guide") => ({
  name, headline: "Ship better UI", subheadline: "", price: "12.34",
  content_url: "https://files.example.com/guide.pdf", description: "", media_type: "none", media_url: "",
});

/** Every admin-only route of part 2 §7 (plus our additions), with concrete paths. */
export const ADMIN_ROUTES: [string, string][] = [
  ["GET", "/api/admin/stats"], ["GET", "/api/admin/chart-data"], ["GET", "/api/admin/finance"],
  ["GET", "/api/admin/users"], ["POST", "/api/admin/users/create"], ["PUT", "/api/admin/users/x1/admin"],
  ["PUT", "/api/admin/users/x1/plan"], ["PUT", "/api/admin/users/x1/deactivate"], ["PUT", "/api/admin/users/x1/reactivate"],
  ["DELETE", "/api/admin/users/x1"], ["GET", "/api/admin/sales"], ["GET", "/api/admin/customers"],
  ["GET", "/api/admin/products"], ["PUT", "/api/admin/products/x1/moderate"], ["GET", "/api/admin/settings"],
  ["PUT", "/api/admin/settings"], ["GET", "/api/admin/announcements"], ["POST", "/api/admin/announcements"],
  ["PUT", "/api/admin/announcements/x1"], ["DELETE", "/api/admin/announcements/x1"], ["GET", "/api/payment-integrations"],
];
