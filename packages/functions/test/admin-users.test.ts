import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn, startSignIn } from "@payloft/local/testing/auth";
import { productBody, signInAdminCast, signInWithRole, type Person } from "./actors";

const stack = useStack();
let admin: Person, ann: Person, cara: Person;

beforeAll(async () => {
  ({ admin, ann, cara } = await signInAdminCast(stack()));
});

const stats = async () => (await call(stack(), "GET", "/api/admin/stats", { cookie: admin.cookie })).json;

describe("GET /api/admin/users", () => {
  it("lists people newest first with their plan, role and totals, and searches by e-mail or name", async () => {
    const res = await call(stack(), "GET", "/api/admin/users", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json.users.map((u: any) => u.email)).toEqual([
      "cara@example.com",
      "ann@example.com",
      "admin@demo.local",
    ]);
    expect(res.json.users[1]).toMatchObject({
      id: ann.id,
      plan: "free",
      role: "creator",
      is_admin: false,
      deactivated: false,
      total_products: 0,
      total_revenue: 0,
    });
    const byMail = await call(stack(), "GET", "/api/admin/users?q=cara@example.com", { cookie: admin.cookie });
    expect(byMail.json.users.map((u: any) => u.id)).toEqual([cara.id]);
    const byPart = await call(stack(), "GET", "/api/admin/users?q=ANN", { cookie: admin.cookie });
    expect(byPart.json.users.map((u: any) => u.id)).toEqual([ann.id]);
    const paged = await call(stack(), "GET", "/api/admin/users?limit=2", { cookie: admin.cookie });
    expect(paged.json.users).toHaveLength(2);
    const rest = await call(
      stack(),
      "GET",
      `/api/admin/users?limit=2&cursor=${encodeURIComponent(paged.json.nextCursor)}`,
      { cookie: admin.cookie },
    );
    expect(rest.json.users.map((u: any) => u.email)).toEqual(["admin@demo.local"]);
    expect((await call(stack(), "GET", "/api/admin/users?limit=0", { cookie: admin.cookie })).json.error).toBe(
      "limit must be a whole number from 1 to 100.",
    );
  });
});

describe("plans and the admin flag", () => {
  it("changes a plan and keeps the per-plan counts right", async () => {
    const before = (await stats()).users;
    const bad = await call(stack(), "PUT", `/api/admin/users/${ann.id}/plan`, {
      cookie: admin.cookie,
      body: { plan: "gold" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Please choose a plan: starter, pro or business.");
    const res = await call(stack(), "PUT", `/api/admin/users/${ann.id}/plan`, {
      cookie: admin.cookie,
      body: { plan: "pro" },
    });
    expect(res.status).toBe(200);
    expect(res.json.user.plan).toBe("pro");
    expect((await call(stack(), "GET", "/api/profile", { cookie: ann.cookie })).json.plan).toBe("pro");
    const after = (await stats()).users;
    expect(after.pro_users).toBe(before.pro_users + 1);
    await call(stack(), "PUT", `/api/admin/users/${ann.id}/plan`, { cookie: admin.cookie, body: { plan: "business" } });
    expect((await stats()).users).toMatchObject({
      pro_users: before.pro_users,
      business_users: before.business_users + 1,
    });
    expect(
      (await call(stack(), "PUT", "/api/admin/users/nobody/plan", { cookie: admin.cookie, body: { plan: "pro" } }))
        .status,
    ).toBe(404);
  });

  it("makes and removes an admin, but never the caller's own flag", async () => {
    const bad = await call(stack(), "PUT", `/api/admin/users/${ann.id}/admin`, {
      cookie: admin.cookie,
      body: { is_admin: "yes" },
    });
    expect(bad.json.error).toBe("is_admin must be true or false.");
    const made = await call(stack(), "PUT", `/api/admin/users/${ann.id}/admin`, {
      cookie: admin.cookie,
      body: { is_admin: true },
    });
    expect(made.json.user.is_admin).toBe(true);
    expect((await call(stack(), "GET", "/api/admin/stats", { cookie: ann.cookie })).status).toBe(200);
    await call(stack(), "PUT", `/api/admin/users/${ann.id}/admin`, { cookie: admin.cookie, body: { is_admin: false } });
    expect((await call(stack(), "GET", "/api/admin/stats", { cookie: ann.cookie })).status).toBe(403);
    const self = await call(stack(), "PUT", `/api/admin/users/${admin.id}/admin`, {
      cookie: admin.cookie,
      body: { is_admin: false },
    });
    expect(self.status).toBe(400);
    expect(self.json.error).toBe("You cannot remove your own admin access. Ask another admin to do it.");
  });
});

describe("deactivate and reactivate (rule: Deactivation)", () => {
  it("switches the person's products off, blocks their sign-in and API, and reactivation restores both", async () => {
    const dan = await signInWithRole(stack(), "dan@example.com", "creator");
    const product = (await call(stack(), "POST", "/api/products", { cookie: dan.cookie, body: productBody() })).json;
    expect(product.is_active ?? product.product?.is_active).toBe(true);
    const productId = product.id ?? product.product.id;
    const before = await stats();

    const res = await call(stack(), "PUT", `/api/admin/users/${dan.id}/deactivate`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json.user.deactivated).toBe(true);
    const api = await call(stack(), "GET", "/api/products", { cookie: dan.cookie });
    expect(api.status).toBe(403);
    expect(api.json.error).toBe("Your account has been deactivated. Please contact support.");
    expect((await startSignIn(stack(), { email: dan.email })).code).toBeNull();
    expect((await call(stack(), "GET", `/api/public/products/${productId}`)).json.is_active).toBe(false);
    const during = await stats();
    expect(during.users.active_users).toBe(before.users.active_users - 1);
    expect(during.products.active_products).toBe(before.products.active_products - 1);

    const back = await call(stack(), "PUT", `/api/admin/users/${dan.id}/reactivate`, { cookie: admin.cookie });
    expect(back.json.user.deactivated).toBe(false);
    expect((await call(stack(), "GET", "/api/products", { cookie: dan.cookie })).status).toBe(200);
    expect((await startSignIn(stack(), { email: dan.email })).code).toBeTruthy();
    expect((await call(stack(), "GET", `/api/public/products/${productId}`)).json.is_active).toBe(true);
    expect(await stats()).toEqual(before);
  });

  it("refuses to deactivate the caller's own account", async () => {
    const res = await call(stack(), "PUT", `/api/admin/users/${admin.id}/deactivate`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("You cannot deactivate your own account.");
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("removes the account and its e-mail claim but keeps their sales in All Sales", async () => {
    const eve = await signInWithRole(stack(), "eve@example.com", "creator");
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    await PurchaseEntity.create({
      id: "cs_test_eve_1",
      product_id: "p-eve",
      product_name: "Eve's Presets",
      content_url: "https://x.example.com",
      creator_id: eve.id,
      creator_name: "eve",
      customer_email: "buyer@example.com",
      amount: 2500,
    }).go();
    const before = await stats();
    const res = await call(stack(), "DELETE", `/api/admin/users/${eve.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const users = await call(stack(), "GET", "/api/admin/users", { cookie: admin.cookie });
    expect(users.json.users.some((u: any) => u.id === eve.id)).toBe(false);
    expect((await stats()).users.total_users).toBe(before.users.total_users - 1);
    const sales = await call(stack(), "GET", "/api/admin/sales", { cookie: admin.cookie });
    expect(sales.json.sales).toContainEqual(
      expect.objectContaining({
        id: "cs_test_eve_1",
        product_name: "Eve's Presets",
        creator_name: "eve",
        amount: 2500,
      }),
    );
    expect((await call(stack(), "GET", "/api/profile", { cookie: eve.cookie })).status).not.toBe(200);
    // The e-mail is free again: signing in makes a brand-new account.
    const again = await signIn(stack(), { email: "eve@example.com" });
    expect((await call(stack(), "GET", "/api/profile", { cookie: again })).json.id).not.toBe(eve.id);
    const gone = await call(stack(), "DELETE", `/api/admin/users/${eve.id}`, { cookie: admin.cookie });
    expect(gone.status).toBe(404);
    expect(gone.json.error).toBe("User not found");
  });

  it("refuses to delete the caller's own account", async () => {
    const res = await call(stack(), "DELETE", `/api/admin/users/${admin.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("You cannot delete your own account.");
  });
});

describe("POST /api/admin/users/create (Grant Free Accounts, rule: Granted accounts)", () => {
  it("validates the e-mail and plan", async () => {
    for (const [body, error] of [
      [{ email: "", plan: "pro" }, "Please enter an email address."],
      [{ email: "not-an-email", plan: "pro" }, "Please enter a valid email address."],
      [{ email: "x@example.com", plan: "free" }, "Please choose a plan: starter, pro or business."],
      [{ email: "x@example.com", is_admin: "no" }, "is_admin must be true or false."],
    ] as const) {
      const res = await call(stack(), "POST", "/api/admin/users/create", { cookie: admin.cookie, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(error);
    }
  });

  it("pre-provisions a new e-mail that the person receives at first sign-in, with the plan", async () => {
    const before = await stats();
    const res = await call(stack(), "POST", "/api/admin/users/create", {
      cookie: admin.cookie,
      body: { email: " Fay@Example.com ", plan: "pro", is_admin: false, onboarding_completed: true },
    });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({
      email: "fay@example.com",
      plan: "pro",
      onboarding_completed: true,
      pending_first_sign_in: true,
    });
    expect((await stats()).users).toMatchObject({
      total_users: before.users.total_users + 1,
      pro_users: before.users.pro_users + 1,
    });
    const cookie = await signIn(stack(), { email: "fay@example.com", name: "Fay" });
    const profile = (await call(stack(), "GET", "/api/profile", { cookie })).json;
    expect(profile).toMatchObject({ id: res.json.user.id, plan: "pro", onboarding_completed: true, role: "creator" });
    expect((await stats()).users.total_users).toBe(before.users.total_users + 1);
  });

  it("updates the plan of an existing person (and can make them admin)", async () => {
    const res = await call(stack(), "POST", "/api/admin/users/create", {
      cookie: admin.cookie,
      body: { email: "cara@example.com", plan: "starter", is_admin: true },
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: cara.id, plan: "starter", is_admin: true });
  });
});
