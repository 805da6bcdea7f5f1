import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";
import { makeSeller, openSession, payOnHostedPage, settle } from "@payloft/local/stripe-sandbox/testing";

/**
 * A first-time buyer (rule: Plans are for creators): someone who paid without an account and then signs in
 * with the e-mail they paid with is a customer at once (no role to pick) and sees the
 * purchase in the portal. The purchase is made for real: a seller's checkout on the sandbox,
 * paid on its hosted page, fulfilled by the webhook.
 */
const stack = useStack();

async function buyAsGuest(email: string) {
  const seller = await makeSeller({ name: "Sally Seller" });
  const session = await openSession(stack(), seller);
  await payOnHostedPage(session.url!, email);
  await settle(stack());
  return session;
}

describe("a first sign-in with an e-mail that already bought", () => {
  it("is a customer with the purchase in the portal, no role screen in the way", async () => {
    const session = await buyAsGuest("Fiona.First@Example.com");
    const cookie = await signIn(stack(), { email: "fiona.first@example.com", name: "Fiona First" });

    const profile = await call(stack(), "GET", "/api/profile", { cookie });
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({ role: "customer", onboarding_completed: true, name: "Fiona First" });

    const purchases = await call(stack(), "GET", "/api/customer/purchases", { cookie });
    expect(purchases.status).toBe(200);
    expect(purchases.json.purchases).toHaveLength(1);
    expect(purchases.json.purchases[0]).toMatchObject({
      id: session.id,
      product_name: "Design Kit",
      creator_name: "Sally Seller",
      amount: 1500,
      status: "completed",
    });
  });

  it("also for someone who signed in once, chose nothing, and bought before coming back", async () => {
    const first = await signIn(stack(), { email: "undecided@example.com", name: "Una" });
    expect((await call(stack(), "GET", "/api/profile", { cookie: first })).json.role).toBeNull();
    await buyAsGuest("undecided@example.com");
    const again = await signIn(stack(), { email: "undecided@example.com", name: "Una" });
    expect((await call(stack(), "GET", "/api/profile", { cookie: again })).json).toMatchObject({
      role: "customer",
      onboarding_completed: true,
    });
    expect((await call(stack(), "GET", "/api/customer/purchases", { cookie: again })).json.purchases).toHaveLength(1);
  });

  it("leaves everyone else alone: no purchases means no role, and a seller who bought stays a seller", async () => {
    const fresh = await signIn(stack(), { email: "nobody.bought@example.com" });
    expect((await call(stack(), "GET", "/api/profile", { cookie: fresh })).json.role).toBeNull();

    const seller = await signIn(stack(), { email: "seller.buys@example.com" });
    await call(stack(), "POST", "/api/profile/role", { cookie: seller, body: { role: "creator" } });
    await buyAsGuest("seller.buys@example.com");
    const back = await signIn(stack(), { email: "seller.buys@example.com" });
    expect((await call(stack(), "GET", "/api/profile", { cookie: back })).json.role).toBe("creator");
  });
});
