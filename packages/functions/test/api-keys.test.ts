import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signInAdmin, signInWithRole, type Person } from "./actors";

/** API keys: Business, lifetime and admins; shown once; stored as a hash; revoked at once. */
const stack = useStack();

async function withPlan(email: string, plan: string): Promise<Person> {
  const person = await signInWithRole(stack(), email, "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: person.id }).set({ plan }).go();
  return person;
}

let biz: Person;
let other: Person;

beforeAll(async () => {
  biz = await withPlan("bea@example.com", "business");
  other = await withPlan("olly@example.com", "lifetime");
});

const createKey = (who: Person, name = "Zapier") =>
  call(stack(), "POST", "/api/api-keys", { cookie: who.cookie, body: { name } });

describe("POST /api/api-keys", () => {
  it("answers the key once, with the stage's test prefix, and stores only its SHA-256", async () => {
    const res = await createKey(biz, "  Zapier  ");
    expect(res.status).toBe(201);
    const { id, key, name, prefix, last_used_at } = res.json;
    expect(key).toMatch(/^pl_test_[A-Za-z0-9_-]{43}$/);
    expect(name).toBe("Zapier");
    expect(prefix).toBe(key.slice(0, 12));
    expect(last_used_at).toBeNull();

    const list = await call(stack(), "GET", "/api/api-keys", { cookie: biz.cookie });
    expect(list.status).toBe(200);
    expect(list.json.keys).toEqual([expect.objectContaining({ id, name: "Zapier", prefix, last_used_at: null })]);
    expect(list.text).not.toContain(key);
    expect(list.text).not.toContain(key.slice(12));

    const { ApiKeyEntity } = await import("@payloft/core/db/entities");
    const { createHash } = await import("node:crypto");
    const stored = await ApiKeyEntity.query.byUser({ user_id: biz.id }).go();
    expect(stored.data).toHaveLength(1);
    expect(stored.data[0]!.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(stored.data)).not.toContain(key.slice(12));
  });

  it("refuses a blank name with a message a person can act on", async () => {
    const res = await createKey(biz, "   ");
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Please give the key a name, e.g. the app that will use it.");
  });

  it.each(["free", "starter", "pro"])("is locked on the %s plan with 403 {error, upgrade}", async (plan) => {
    const person = await withPlan(`${plan}-keys@example.com`, plan);
    for (const res of [
      await createKey(person),
      await call(stack(), "GET", "/api/api-keys", { cookie: person.cookie }),
      await call(stack(), "DELETE", "/api/api-keys/key_x", { cookie: person.cookie }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ upgrade: "business", code: "plan.feature_locked" });
      expect(res.json.error).toMatch(/Business plan/);
    }
  });

  it("is open to lifetime members and admins", async () => {
    expect((await createKey(other)).status).toBe(201);
    const admin = await signInAdmin(stack());
    expect((await createKey(admin)).status).toBe(201);
  });

  it("customers cannot hold keys", async () => {
    const cara = await signInWithRole(stack(), "cara-keys@example.com", "customer");
    expect((await createKey(cara)).status).toBe(403);
  });
});

describe("DELETE /api/api-keys/{id}", () => {
  it("revokes at once: the very next check of the key fails", async () => {
    const { key, id } = (await createKey(biz, "Short-lived")).json;
    const { ApiKey } = await import("@payloft/core/api-key/index");
    expect((await ApiKey.authenticate(key))?.user.id).toBe(biz.id);
    const res = await call(stack(), "DELETE", `/api/api-keys/${id}`, { cookie: biz.cookie });
    expect(res.status).toBe(200);
    expect(await ApiKey.authenticate(key)).toBeNull();
    const list = await call(stack(), "GET", "/api/api-keys", { cookie: biz.cookie });
    expect(list.json.keys.map((k: { id: string }) => k.id)).not.toContain(id);
  });

  it("another creator's key is a 404, and stays valid", async () => {
    const { key, id } = (await createKey(biz, "Mine")).json;
    const res = await call(stack(), "DELETE", `/api/api-keys/${id}`, { cookie: other.cookie });
    expect(res.status).toBe(404);
    const { ApiKey } = await import("@payloft/core/api-key/index");
    expect(await ApiKey.authenticate(key)).not.toBeNull();
  });

  it("records when a key was last used", async () => {
    const { key, id } = (await createKey(biz, "Used")).json;
    const { ApiKey } = await import("@payloft/core/api-key/index");
    await ApiKey.authenticate(key);
    const list = await call(stack(), "GET", "/api/api-keys", { cookie: biz.cookie });
    const used = list.json.keys.find((k: { id: string }) => k.id === id);
    expect(Date.parse(used.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("authenticate", () => {
  it("refuses keys of the wrong shape or stage without reading anything", async () => {
    const { ApiKey } = await import("@payloft/core/api-key/index");
    const { key } = (await createKey(biz, "Shape")).json;
    expect(await ApiKey.authenticate(key.replace("pl_test_", "pl_live_"))).toBeNull();
    expect(await ApiKey.authenticate(`${key}x`)).toBeNull();
    expect(await ApiKey.authenticate("")).toBeNull();
  });
});
