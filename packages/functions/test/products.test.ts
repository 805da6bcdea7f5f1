import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";

const stack = useStack();

/** Signs in through the real flow, takes the creator role and optionally a paid plan. */
async function creator(email: string, plan?: string) {
  const cookie = await signIn(stack(), { email, name: email.split("@")[0] });
  const res = await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "creator" } });
  if (res.status !== 200) throw new Error(`role: ${res.status} ${res.text}`);
  const id = res.json.id as string;
  if (plan) {
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id }).set({ plan }).go();
  }
  return { cookie, id };
}

const valid = {
  name: "  The Design Guide  ",
  headline: "Ship better UI",
  subheadline: "",
  price: "12.34",
  content_url: "https://files.example.com/guide.pdf",
  description: "Line one\nLine two",
  media_type: "none",
  media_url: "",
};

let ann: { cookie: string; id: string };
let bob: { cookie: string; id: string };

beforeAll(async () => {
  ann = await creator("ann@example.com", "pro");
  bob = await creator("bob@example.com");
});

describe("POST /api/products", () => {
  it("creates a product in cents with the owner's content_url, and lists it", async () => {
    const res = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: valid });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "The Design Guide",
      price: 1234,
      content_url: valid.content_url,
      media_type: "none",
      is_active: true,
      sales_count: 0,
      total_revenue: 0,
      moderation_status: "approved",
    });
    expect(res.json).not.toHaveProperty("pk");
    const list = await call(stack(), "GET", "/api/products", { cookie: ann.cookie });
    expect(list.status).toBe(200);
    expect(list.json.map((p: { id: string }) => p.id)).toContain(res.json.id);
  });

  it.each([
    [{ ...valid, name: "   " }, "Please enter a product name."],
    [{ ...valid, content_url: "" }, "Please enter the content URL or upload the file buyers receive after purchase."],
    [
      { ...valid, content_url: "javascript:alert(document.cookie)" },
      "Content URL must be a web address starting with http:// or https://.",
    ],
    [{ ...valid, price: -5 }, "Price can't be negative. Enter 0 or more, e.g. 12.34."],
    [
      { ...valid, media_type: "image", media_url: "" },
      "Please enter the media for the selected media type, or choose None.",
    ],
    [
      { ...valid, media_type: "video", media_url: "javascript:x" },
      "Media URL must be a web address starting with http:// or https://.",
    ],
    [{ ...valid, media_type: "gif" }, "Media type must be one of: none, image, youtube, video, embed."],
  ])("refuses bad input with a message a person can act on (%#)", async (body, message) => {
    const res = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it("enforces the free plan's 1 product with the spec's message and the limit", async () => {
    const first = await call(stack(), "POST", "/api/products", {
      cookie: bob.cookie,
      body: { ...valid, price: "abc" },
    });
    expect(first.status).toBe(201);
    expect(first.json.price).toBe(0); // a price that is not a number is stored as 0, not refused
    const second = await call(stack(), "POST", "/api/products", { cookie: bob.cookie, body: valid });
    expect(second.status).toBe(403);
    expect(second.json).toMatchObject({
      error: "You've reached your plan limit of 1 product(s). Please upgrade your plan to add more products.",
      limit: 1,
      code: "plan.limit_reached",
    });
  });

  it("lets exactly `limit` of 10 concurrent creates through (starter = 3)", async () => {
    const cara = await creator("cara@example.com", "starter");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(stack(), "POST", "/api/products", { cookie: cara.cookie, body: { ...valid, name: `P${i}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(7);
    const list = await call(stack(), "GET", "/api/products", { cookie: cara.cookie });
    expect(list.json).toHaveLength(3);
  });

  it("is refused to visitors and customers", async () => {
    expect((await call(stack(), "POST", "/api/products", { body: valid })).status).toBe(401);
    const cookie = await signIn(stack(), { email: "dan@example.com", name: "Dan" });
    await call(stack(), "POST", "/api/profile/role", { cookie, body: { role: "customer" } });
    expect((await call(stack(), "GET", "/api/products", { cookie })).status).toBe(403);
  });
});

describe("PUT and DELETE /api/products/{id}", () => {
  it("toggles is_active and deletes the owner's product; the slot is freed", async () => {
    const eve = await creator("eve@example.com");
    const made = await call(stack(), "POST", "/api/products", { cookie: eve.cookie, body: valid });
    const off = await call(stack(), "PUT", `/api/products/${made.json.id}`, {
      cookie: eve.cookie,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.json.is_active).toBe(false);
    expect(
      (await call(stack(), "PUT", `/api/products/${made.json.id}`, { cookie: eve.cookie, body: { is_active: "no" } }))
        .json.error,
    ).toBe("is_active must be true or false.");
    const del = await call(stack(), "DELETE", `/api/products/${made.json.id}`, { cookie: eve.cookie });
    expect(del.status).toBe(200);
    expect((await call(stack(), "GET", "/api/products", { cookie: eve.cookie })).json).toEqual([]);
    expect((await call(stack(), "POST", "/api/products", { cookie: eve.cookie, body: valid })).status).toBe(201);
  });

  it("answers 404 'Product not found' when one creator touches another's product", async () => {
    const mine = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: valid });
    const put = await call(stack(), "PUT", `/api/products/${mine.json.id}`, {
      cookie: bob.cookie,
      body: { is_active: false },
    });
    expect(put.status).toBe(404);
    expect(put.json.error).toBe("Product not found");
    const del = await call(stack(), "DELETE", `/api/products/${mine.json.id}`, { cookie: bob.cookie });
    expect(del.status).toBe(404);
    const still = await call(stack(), "GET", `/api/public/products/${mine.json.id}`);
    expect(still.json.is_active).toBe(true);
  });
});
