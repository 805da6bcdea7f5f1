import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn, startSignIn } from "@payloft/local/testing/auth";

const stack = useStack();
const DEACTIVATED = "Your account has been deactivated. Please contact support.";

/** One person per role, signed in for real; roles are chosen through the API itself. */
const who: Record<"customer" | "creator" | "admin", { cookie: string; id: string }> = {} as never;

beforeAll(async () => {
  for (const [role, email] of [
    ["customer", "cu@example.com"],
    ["creator", "cr@example.com"],
    ["admin", "admin@demo.local"],
  ] as const) {
    const cookie = await signIn(stack(), { email, name: `The ${role}` });
    if (role !== "admin")
      expect((await call(stack(), "POST", "/api/profile/role", { body: { role }, cookie })).status).toBe(200);
    const me = await call(stack(), "GET", "/api/users/me", { cookie });
    who[role] = { cookie, id: me.json.id };
  }
});

const routes = [
  { method: "GET", path: "/api/users/me" },
  { method: "GET", path: "/api/profile" },
  { method: "POST", path: "/api/profile", body: { name: "Renamed" } },
  { method: "POST", path: "/api/profile/role", body: { role: "creator" } },
  { method: "POST", path: "/api/profile/customer", body: { name: "Buyer", creator_user_id: "set-below" } },
] as const;

describe("role rules on the sign-in and profile calls", () => {
  it("anonymous callers get 401 on every signed-in call; users/me tells them they are a visitor", async () => {
    const me = await call(stack(), "GET", "/api/users/me");
    expect([me.status, me.json]).toEqual([200, { user: null }]);
    for (const r of routes.filter((x) => x.path !== "/api/users/me")) {
      const res = await call(stack(), r.method, r.path, { body: "body" in r ? r.body : undefined });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it("customers, creators and admins may read their own session and profile", async () => {
    for (const role of ["customer", "creator", "admin"] as const) {
      const me = await call(stack(), "GET", "/api/users/me", { cookie: who[role].cookie });
      expect(me.status, role).toBe(200);
      const profile = await call(stack(), "GET", "/api/profile", { cookie: who[role].cookie });
      expect(profile.status, role).toBe(200);
      expect(profile.json.id).toBe(who[role].id);
    }
    const admin = await call(stack(), "GET", "/api/profile", { cookie: who.admin.cookie });
    expect(admin.json).toMatchObject({ role: "admin", is_admin: true, onboarding_completed: true });
    const customer = await call(stack(), "GET", "/api/profile", { cookie: who.customer.cookie });
    expect(customer.json).toMatchObject({ role: "customer", is_admin: false, onboarding_completed: true });
    const creator = await call(stack(), "GET", "/api/profile", { cookie: who.creator.cookie });
    expect(creator.json).toMatchObject({ role: "creator", onboarding_completed: false, plan: "free" });
  });

  it("a state-changing call from another site is refused with 403", async () => {
    const res = await call(stack(), "POST", "/api/profile", {
      body: { name: "Evil" },
      cookie: who.creator.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    const profile = await call(stack(), "GET", "/api/profile", { cookie: who.creator.cookie });
    expect(profile.json.name).not.toBe("Evil");
  });
});

describe("POST /api/profile (display name)", () => {
  it("renames, trimming spaces, and ignores a plan sent by the client", async () => {
    const res = await call(stack(), "POST", "/api/profile", {
      body: { name: "  Cara Creator ", plan: "business" },
      cookie: who.creator.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Cara Creator", plan: "free" });
    expect((await call(stack(), "GET", "/api/profile", { cookie: who.creator.cookie })).json.plan).toBe("free");
  });

  it("refuses a blank or too long name with a message a person can act on", async () => {
    for (const name of ["", "   ", undefined]) {
      const res = await call(stack(), "POST", "/api/profile", { body: { name }, cookie: who.creator.cookie });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("Please enter your name");
    }
    const long = await call(stack(), "POST", "/api/profile", {
      body: { name: "x".repeat(101) },
      cookie: who.creator.cookie,
    });
    expect(long.status).toBe(400);
    expect(long.json.error).toBe("Your name can be at most 100 characters.");
  });
});

describe("POST /api/profile/role", () => {
  it("never grants admin, and refuses unknown roles", async () => {
    for (const role of ["admin", "owner", undefined]) {
      const res = await call(stack(), "POST", "/api/profile/role", { body: { role }, cookie: who.customer.cookie });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("Please choose a role: creator or customer.");
    }
    expect((await call(stack(), "GET", "/api/profile", { cookie: who.customer.cookie })).json.role).toBe("customer");
  });

  it("an admin keeps the admin role", async () => {
    const res = await call(stack(), "POST", "/api/profile/role", {
      body: { role: "creator" },
      cookie: who.admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe("admin");
  });
});

describe("customer signup: GET /api/public/creator/{id} and POST /api/profile/customer", () => {
  it("shows only the creator's public name, and 404 for an unknown creator", async () => {
    await call(stack(), "POST", "/api/profile", { body: { name: "Cara Creator" }, cookie: who.creator.cookie });
    const res = await call(stack(), "GET", `/api/public/creator/${who.creator.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ name: "Cara Creator" });
    const missing = await call(stack(), "GET", "/api/public/creator/nope");
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe("Creator not found");
  });

  it("a new person joins as a customer with their display name", async () => {
    const cookie = await signIn(stack(), { email: "newbuyer@example.com", name: "Nina" });
    const res = await call(stack(), "POST", "/api/profile/customer", {
      body: { name: " Nina B ", creator_user_id: who.creator.id },
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ role: "customer", name: "Nina B", onboarding_completed: true });
  });

  it("refuses a blank name, a missing or unknown creator", async () => {
    const cookie = await signIn(stack(), { email: "other@example.com" });
    const blank = await call(stack(), "POST", "/api/profile/customer", {
      body: { name: " ", creator_user_id: who.creator.id },
      cookie,
    });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe("Please enter your name");
    const none = await call(stack(), "POST", "/api/profile/customer", { body: { name: "O" }, cookie });
    expect(none.status).toBe(400);
    expect(none.json.error).toBe("creator_user_id is required.");
    const unknown = await call(stack(), "POST", "/api/profile/customer", {
      body: { name: "O", creator_user_id: "nope" },
      cookie,
    });
    expect(unknown.status).toBe(404);
  });

  it("a creator who also buys keeps the creator role", async () => {
    const res = await call(stack(), "POST", "/api/profile/customer", {
      body: { name: "Cara", creator_user_id: who.creator.id },
      cookie: who.creator.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe("creator");
  });
});

describe("accounts granted in advance and deactivated accounts", () => {
  it("a profile granted by e-mail before first sign-in is handed to that person", async () => {
    const { User } = await import("@payloft/core/user/index");
    const granted = await User.create({
      email: "vip@example.com",
      plan: "pro",
      role: "creator",
      onboarding_completed: true,
      granted_by: who.admin.id,
    });
    const cookie = await signIn(stack(), { email: "VIP@example.com", name: "Vip Person" });
    const profile = await call(stack(), "GET", "/api/profile", { cookie });
    expect(profile.json).toMatchObject({
      id: granted.id,
      plan: "pro",
      role: "creator",
      onboarding_completed: true,
      name: "Vip Person",
    });
  });

  it("a deactivated person is refused on every signed-in call and cannot sign in again", async () => {
    const cookie = await signIn(stack(), { email: "gone@example.com", name: "Gone" });
    const { id } = (await call(stack(), "GET", "/api/users/me", { cookie })).json;
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id }).set({ deactivated: true }).go();
    for (const r of routes) {
      const res = await call(stack(), r.method, r.path, { cookie, body: "body" in r ? r.body : undefined });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.json.error).toBe(DEACTIVATED);
    }
    expect((await call(stack(), "POST", "/api/logout", { cookie })).status).toBe(200);
    const flow = await startSignIn(stack(), { email: "gone@example.com" });
    expect(flow.code).toBeNull();
    expect(flow.error).toBe(DEACTIVATED);
  });
});

describe("platform counters", () => {
  it("count every new person in the same write: users, active users, free plan, today's new users", async () => {
    const { CounterEntity, DailyStatEntity } = await import("@payloft/core/db/entities");
    const before = (await CounterEntity.get({ scope: "platform" }).go()).data!;
    const today = new Date().toISOString().slice(0, 10);
    // Sales already counted today must survive the new-user write.
    await DailyStatEntity.put({ scope: "platform", date: today, sales: 7, revenue: 700, views: 3, new_users: 20 }).go();
    const dayBefore = 20;
    await signIn(stack(), { email: "counted@example.com" });
    await signIn(stack(), { email: "counted@example.com" }); // the second sign-in is not a new person
    const after = (await CounterEntity.get({ scope: "platform" }).go()).data!;
    expect(after.users).toBe(before.users + 1);
    expect(after.active_users).toBe(before.active_users + 1);
    expect(after.plan_users?.free).toBe((before.plan_users?.free ?? 0) + 1);
    const day = (await DailyStatEntity.get({ scope: "platform", date: today }).go()).data;
    expect(day).toMatchObject({ new_users: dayBefore + 1, sales: 7, revenue: 700, views: 3 });
    expect(after.sales).toBe(before.sales);
  });
});
