import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signInWithRole, type Person } from "./actors";

/**
 * A discount code's end time is not stored under `expires_at`: that is the table's TTL
 * attribute (infra/storage.ts), so a number there would have DynamoDB delete the code. It lives
 * in `ends_at`; codes saved before the rename are still read from the old attribute and moved
 * on their next update. The API keeps calling it `expires_at`.
 */
const stack = useStack();
let ann: Person;
const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

async function rawItem(id: string): Promise<Record<string, unknown>> {
  const { DiscountEntity } = await import("@payloft/core/db/entities");
  const res = await DiscountEntity.get({ id }).go({ data: "raw" });
  return (res.data as unknown as { Item: Record<string, unknown> }).Item;
}

beforeAll(async () => {
  ann = await signInWithRole(stack(), "ann-storage@example.com", "creator");
});

describe("a discount code's end time stays out of the table's TTL attribute", () => {
  it("is stored as ends_at and answered as expires_at", async () => {
    const res = await call(stack(), "POST", "/api/discounts", {
      cookie: ann.cookie,
      body: { code: "TTLSAFE", percent_off: 10, expires_at: future },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.discount.expires_at).toBe(future);
    const item = await rawItem(res.json.discount.id);
    expect(item).not.toHaveProperty("expires_at");
    expect(item.ends_at).toBe(future);
    const changed = await call(stack(), "PUT", `/api/discounts/${res.json.discount.id}`, {
      cookie: ann.cookie,
      body: { expires_at: null },
    });
    expect(changed.json.discount.expires_at).toBeNull();
    expect(await rawItem(res.json.discount.id)).not.toHaveProperty("ends_at");
  });

  it("a code saved before the rename is read from expires_at, then moved to ends_at on its next update", async () => {
    const { DiscountEntity } = await import("@payloft/core/db/entities");
    const old = await DiscountEntity.create({
      id: "legacy-ttl-code",
      creator_id: ann.id,
      code: "OLDCODE",
      percent_off: 5,
      legacy_expires_at: past,
    }).go();
    expect((await rawItem(old.data.id)).expires_at).toBe(past);
    const listed = (await call(stack(), "GET", "/api/discounts", { cookie: ann.cookie })).json.discounts;
    expect(listed.find((d: { id: string }) => d.id === old.data.id)).toMatchObject({
      expires_at: past,
      status: "expired",
    });
    const updated = await call(stack(), "PUT", `/api/discounts/${old.data.id}`, {
      cookie: ann.cookie,
      body: { is_active: false },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.discount.expires_at).toBe(past);
    const item = await rawItem(old.data.id);
    expect(item).not.toHaveProperty("expires_at");
    expect(item.ends_at).toBe(past);
  });
});
