import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { openSession, payOnHostedPage, settle } from "@payloft/local/stripe-sandbox/testing";
import { signInWithRole, productBody, type Person } from "./actors";

/**
 * A product whose content is an uploaded file: the creator uploads through POST /api/uploads
 * and saves the product with `content_file`; a buyer's access link then redirects to a
 * presigned GET of minutes that serves the same bytes, while the bucket itself stays private.
 */
const stack = useStack();
let ann: Person;
let bob: Person;
const BYTES = Buffer.from("%PDF-1.7\nThe Field Guide\n%%EOF\n");

beforeAll(async () => {
  ann = await signInWithRole(stack(), "ann@example.com", "creator");
  bob = await signInWithRole(stack(), "bob@example.com", "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: ann.id }).set({ plan: "pro" }).go(); // room for a few products
});

async function uploaded(who: Person, bytes = BYTES, filename = "Field Guide.pdf") {
  const res = await call(stack(), "POST", "/api/uploads", {
    cookie: who.cookie,
    body: { filename, content_type: "application/pdf", size: bytes.length },
  });
  expect(res.status).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(res.json.fields as Record<string, string>)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }));
  expect((await fetch(res.json.url, { method: "POST", body: form })).status).toBe(204);
  return res.json.key as string;
}

const create = (who: Person, body: Record<string, unknown>) =>
  call(stack(), "POST", "/api/products", { cookie: who.cookie, body: { ...productBody("Field Guide"), ...body } });

async function tagsOf(key: string) {
  return (await stack().s3.objects.head(stack().s3.bucket, key))?.tags;
}

describe("products with an uploaded file", () => {
  it("save with content_file instead of content_url, and keep the file out of the clean-up", async () => {
    const key = await uploaded(ann);
    expect(await tagsOf(key)).toEqual({ "payloft-upload": "pending" });
    const res = await create(ann, { content_url: "", content_file: key });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ content_file: key, content_file_name: "Field Guide.pdf", content_file_size: 31 });
    expect(res.json).not.toHaveProperty("content_url");
    expect(await tagsOf(key)).toEqual({ "payloft-upload": "attached" });
    const pub = await call(stack(), "GET", `/api/public/products/${res.json.id}`);
    expect(pub.text).not.toContain(key);
  });

  it("need one of content_url and content_file, and only a file the creator uploaded", async () => {
    const key = await uploaded(ann);
    for (const [who, body, error] of [
      [ann, { content_url: "" }, "Please enter the content URL or upload the file buyers receive after purchase."],
      [ann, { content_file: key }, "Choose either a content URL or an uploaded file, not both."],
      [bob, { content_url: "", content_file: key }, "We could not find the uploaded file. Please upload it again."],
      [
        ann,
        { content_url: "", content_file: key.replace(/[^/]+$/, "never-uploaded.pdf") },
        "We could not find the uploaded file. Please upload it again.",
      ],
      [ann, { content_url: "", content_file: "../../etc/passwd" }, "We could not find the uploaded file."],
    ] as const) {
      const res = await create(who, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toContain(error);
    }
    expect(await tagsOf(key)).toEqual({ "payloft-upload": "pending" });
  });
});

describe("selling a hosted file", () => {
  it("the buyer's access link → 302 → a presigned GET of minutes → the same bytes; the bucket refuses anyone else", async () => {
    const key = await uploaded(ann);
    const product = await create(ann, { content_url: "", content_file: key, price: "15.00" });
    expect(product.status, product.text).toBe(201);
    const { Integration } = await import("@payloft/core/integration/index");
    await Integration.save(ann.id, {
      provider: "stripe",
      is_active: true,
      is_live: false,
      stripe_publishable_key: "pk_test_annFiles0001",
      stripe_secret_key: "sk_test_annFiles0001",
    });
    const session = await openSession(stack(), {
      sellerId: ann.id,
      productId: product.json.id,
      secretKey: "sk_test_annFiles0001",
      price: 1500,
    });
    await payOnHostedPage(session.url!, "rita@example.com");
    await settle(stack());
    const success = await call(stack(), "GET", `/api/checkout/success?session_id=${session.id}`);
    expect(success.status, success.text).toBe(200);
    expect(success.text).not.toContain(key);

    const link = await fetch(success.json.purchase.access_url, { redirect: "manual" });
    expect(link.status).toBe(302);
    const location = new URL(link.headers.get("location")!);
    expect(location.origin).toBe(stack().s3.url);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("300");
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(BYTES);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="Field Guide.pdf"');

    expect((await fetch(`${location.origin}${location.pathname}`)).status).toBe(403);
  });
});

describe("editing what a product delivers (rule: Editing products)", () => {
  it("swaps the link for an uploaded file and back; a file of someone else is refused", async () => {
    const made = await create(ann, { price: "0" });
    const id = made.json.id as string;
    const key = await uploaded(ann, BYTES, "Edition 2.pdf");
    const toFile = await call(stack(), "PUT", `/api/products/${id}`, {
      cookie: ann.cookie,
      body: { content_file: key },
    });
    expect(toFile.status, toFile.text).toBe(200);
    expect(toFile.json).toMatchObject({ content_file: key, content_file_name: "Edition 2.pdf", content_file_size: 31 });
    expect(toFile.json).not.toHaveProperty("content_url");
    expect(await tagsOf(key)).toEqual({ "payloft-upload": "attached" });

    const bobs = await uploaded(bob);
    const foreign = await call(stack(), "PUT", `/api/products/${id}`, {
      cookie: ann.cookie,
      body: { content_file: bobs },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toBe("We could not find the uploaded file. Please upload it again.");

    const toLink = await call(stack(), "PUT", `/api/products/${id}`, {
      cookie: ann.cookie,
      body: { content_url: "https://files.example.com/edition-3.pdf" },
    });
    expect(toLink.json).toMatchObject({ content_url: "https://files.example.com/edition-3.pdf" });
    expect(toLink.json).not.toHaveProperty("content_file");
    const { ProductEntity } = await import("@payloft/core/db/entities");
    const item = (await ProductEntity.get({ id }).go()).data!;
    expect([item.content_file, item.content_file_name, item.content_file_size]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
