import { call } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";
import type { Stack } from "@payloft/local/stack";

/** People for the handler tests, all signed in through the real flow (issuer + Google emulator). */
export type Person = { cookie: string; id: string; email: string };

/** Signs a person in and gives them a role (creator or customer) with POST /api/profile/role. */
export async function signInWithRole(
  stack: Stack,
  email: string,
  role: "creator" | "customer",
  name = email.split("@")[0]!,
): Promise<Person> {
  const cookie = await signIn(stack, { email, name });
  const res = await call(stack, "POST", "/api/profile/role", { cookie, body: { role } });
  if (res.status !== 200) throw new Error(`role ${role} for ${email}: ${res.status} ${res.text}`);
  return { cookie, id: res.json.id as string, email };
}

/** Signs a person in who has not chosen a role yet (fresh from the sign-in). */
export async function signInWithoutRole(stack: Stack, email: string, name = email.split("@")[0]!): Promise<Person> {
  const cookie = await signIn(stack, { email, name });
  const me = await call(stack, "GET", "/api/profile", { cookie });
  if (me.status !== 200) throw new Error(`sign-in of ${email}: ${me.status} ${me.text}`);
  return { cookie, id: me.json.id as string, email };
}

/**
 * admin@demo.local is a configured admin e-mail of the local stage (AdminEmails), so it
 * becomes an admin at first sign-in.
 */
export async function signInAdmin(stack: Stack, email = "admin@demo.local"): Promise<Person> {
  const cookie = await signIn(stack, { email, name: "Ada Admin" });
  const me = await call(stack, "GET", "/api/profile", { cookie });
  if (me.status !== 200 || !me.json.is_admin) throw new Error(`admin sign-in: ${me.status} ${me.text}`);
  return { cookie, id: me.json.id as string, email };
}

/** Two creators (Ann, Bob) and a customer (Cara): the sellers-and-buyer tests' cast. */
export async function signInSellers(stack: Stack) {
  const ann = await signInWithRole(stack, "ann@example.com", "creator");
  const bob = await signInWithRole(stack, "bob@example.com", "creator");
  const cara = await signInWithRole(stack, "cara@example.com", "customer");
  return { ann, bob, cara };
}

/** The admin tests' cast, in this sign-up order: the admin, a creator (Ann), a customer (Cara). */
export async function signInAdminCast(stack: Stack) {
  const admin = await signInAdmin(stack);
  const ann = await signInWithRole(stack, "ann@example.com", "creator");
  const cara = await signInWithRole(stack, "cara@example.com", "customer");
  return { admin, ann, cara };
}

/** A valid POST /api/products body (price in dollars, rule: Cents and server prices). */
export const productBody = (name = "Design Guide") => ({
  name,
  headline: "Ship better UI",
  subheadline: "",
  price: "12.34",
  content_url: "https://files.example.com/guide.pdf",
  description: "",
  media_type: "none",
  media_url: "",
});

/** The Stripe secret key a selling creator saved (the sandbox treats each key as its own account). */
export const stripeSecretOf = (who: Person) => `sk_test_${who.id.replace(/-/g, "")}`;

/** A creator on the Business plan (no product limit) who has saved Stripe keys, so their products sell. */
export async function signInSellingCreator(stack: Stack, email: string): Promise<Person> {
  const who = await signInWithRole(stack, email, "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: who.id }).set({ plan: "business" }).go();
  const saved = await call(stack, "POST", "/api/payment-integration", {
    cookie: who.cookie,
    body: {
      provider: "stripe",
      is_live: false,
      is_active: true,
      stripe_publishable_key: `pk_test_${who.id.replace(/-/g, "")}`,
      stripe_secret_key: stripeSecretOf(who),
    },
  });
  if (saved.status !== 200) throw new Error(saved.text);
  return who;
}

/**
 * `creator` invites `who` as an affiliate (on `productIds`, or every product with null) and `who`
 * accepts, through the routes: the affiliate's id and the code of their links.
 */
export async function makeAffiliate(
  stack: Stack,
  creator: Person,
  who: Person,
  percent: number,
  productIds: string[] | null = null,
): Promise<{ id: string; code: string }> {
  const invited = await call(stack, "POST", "/api/affiliates", {
    cookie: creator.cookie,
    body: { email: who.email, commission_percent: percent, product_ids: productIds },
  });
  if (invited.status !== 201) throw new Error(`invite ${who.email}: ${invited.status} ${invited.text}`);
  const { id, code } = invited.json.affiliate as { id: string; code: string };
  const accepted = await call(stack, "POST", `/api/affiliate/invitations/${id}/accept`, { cookie: who.cookie });
  if (accepted.status !== 200) throw new Error(`accept by ${who.email}: ${accepted.status} ${accepted.text}`);
  return { id, code };
}
