import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * POST /api/uploads: a creator's browser gets a presigned POST for the private bucket with
 * the declared size and type bound into the signed policy; anything the platform would not
 * host is a 400 saying why, before any upload starts.
 */
const stack = useStack();
let ann: Person;
let cara: Person;
let admin: Person;

beforeAll(async () => {
  ann = await signInWithRole(stack(), "ann@example.com", "creator");
  cara = await signInWithRole(stack(), "cara@example.com", "customer");
  admin = await signInAdmin(stack());
});

const ask = (body: unknown, who: Person | null = ann) =>
  call(stack(), "POST", "/api/uploads", { cookie: who?.cookie, body });

async function upload(answer: { url: string; fields: Record<string, string> }, bytes: Buffer, type: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(answer.fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(bytes)], { type }));
  const res = await fetch(answer.url, { method: "POST", body: form, headers: { origin: stack().url } });
  return { status: res.status, text: await res.text() };
}

describe("POST /api/uploads", () => {
  it("answers a presigned POST to the bucket for a creator's PDF; the declared bytes upload", async () => {
    const bytes = Buffer.from("%PDF-1.7 a small book");
    const res = await ask({ filename: "My Book.pdf", content_type: "application/pdf", size: bytes.length });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ method: "POST", max_size: 500 * 1024 * 1024 });
    expect(res.json.url.startsWith(stack().s3.url)).toBe(true);
    expect(res.json.key).toMatch(new RegExp(`^files/${ann.id}/[0-9a-f-]{36}/My Book\\.pdf$`));
    expect(res.json.fields).toMatchObject({ key: res.json.key, "Content-Type": "application/pdf" });
    expect(res.json.fields.Policy).toBeTruthy();

    expect((await upload(res.json, bytes, "application/pdf")).status).toBe(204);
  });

  it("binds the size and type: a bigger file or another type is refused by the bucket", async () => {
    const res = await ask({ filename: "guide.pdf", content_type: "application/pdf", size: 10 });
    const bigger = await upload(res.json, Buffer.alloc(11, 1), "application/pdf");
    expect(bigger.status).toBe(400);
    expect(bigger.text).toContain("EntityTooLarge");
    const swapped = await upload(
      { url: res.json.url, fields: { ...res.json.fields, "Content-Type": "text/html" } },
      Buffer.alloc(10, 1),
      "text/html",
    );
    expect(swapped.status).toBe(403);
  });

  it("refuses a 50 GB file with a message naming the limit", async () => {
    const res = await ask({ filename: "course.mp4", content_type: "video/mp4", size: 50 * 1024 ** 3 });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: "This file is 50 GB; files can be at most 500 MB.",
      code: "upload.too_large",
      max_size: 500 * 1024 * 1024,
    });
  });

  it("follows the admin's max_file_size setting", async () => {
    const set = await call(stack(), "PUT", "/api/admin/settings", {
      cookie: admin.cookie,
      body: { key: "max_file_size", value: 1 },
    });
    expect(set.status).toBe(200);
    try {
      const res = await ask({ filename: "a.zip", content_type: "application/zip", size: 2 * 1024 * 1024 });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("This file is 2 MB; files can be at most 1 MB.");
      expect((await ask({ filename: "a.zip", content_type: "application/zip", size: 1024 * 1024 })).status).toBe(201);
    } finally {
      await call(stack(), "PUT", "/api/admin/settings", {
        cookie: admin.cookie,
        body: { key: "max_file_size", value: 500 },
      });
    }
  });

  it("refuses a missing or odd type, a mismatched extension and an empty file, saying what to do", async () => {
    for (const [body, code, text] of [
      [{ filename: "a.pdf", size: 5 }, "upload.type_missing", "could not tell what kind of file"],
      [
        { filename: "a.html", content_type: "text/html", size: 5 },
        "upload.type_refused",
        "text/html cannot be uploaded",
      ],
      [{ filename: "a.svg", content_type: "image/svg+xml", size: 5 }, "upload.type_refused", "cannot be uploaded"],
      [{ filename: "setup.exe", content_type: "application/pdf", size: 5 }, "upload.extension_mismatch", ".pdf"],
      [{ filename: "a.pdf", content_type: "application/pdf", size: 0 }, "request.invalid", "empty"],
      [{ filename: "", content_type: "application/pdf", size: 5 }, "request.invalid", "choose a file"],
      [{ filename: "a.pdf", content_type: "application/pdf", size: "12" }, "request.invalid", "size"],
    ] as const) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code, JSON.stringify(body)).toBe(code);
      expect(res.json.error, JSON.stringify(body)).toContain(text);
    }
  });

  it("is for creators only", async () => {
    const body = { filename: "a.pdf", content_type: "application/pdf", size: 5 };
    expect((await ask(body, null)).status).toBe(401);
    expect((await ask(body, cara)).status).toBe(403);
  });
});
