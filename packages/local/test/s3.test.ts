import { describe, expect, it } from "vitest";
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { s3, bucketName } from "@payloft/core/files/s3";
import { useStack } from "../src/testing/index";

/**
 * The offline S3 behind the production SDK calls (client-s3, s3-request-presigner,
 * s3-presigned-post): started by useStack() with nothing else to do, and as strict as a
 * private bucket — every request must be signed with the right secret, presigned URLs and
 * POST policies expire, and a policy's size and type conditions hold against the real file.
 */
const stack = useStack();
const objectUrl = (key: string) => `${stack().s3.url}/${bucketName()}/${key}`;
const put = (key: string, body: string | Buffer, type = "application/pdf") =>
  s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: body, ContentType: type }));

function clientWith(secretAccessKey: string, systemClockOffset = 0) {
  return new S3Client({
    endpoint: stack().s3.url,
    forcePathStyle: true,
    region: process.env.AWS_REGION,
    credentials: { accessKeyId: stack().s3.credentials.accessKeyId, secretAccessKey },
    systemClockOffset,
  });
}

async function postForm(
  post: { url: string; fields: Record<string, string> },
  file: Blob,
  extra: Record<string, string> = {},
  signal?: AbortSignal,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...post.fields, ...extra })) form.append(k, v);
  form.append("file", file);
  const res = await fetch(post.url, { method: "POST", body: form, signal });
  return { status: res.status, text: await res.text() };
}

const presignPost = (key: string, opts: { max?: number; type?: string; expires?: number; client?: S3Client } = {}) =>
  createPresignedPost(opts.client ?? s3(), {
    Bucket: bucketName(),
    Key: key,
    Conditions: [
      ["content-length-range", 1, opts.max ?? 100],
      ["eq", "$Content-Type", opts.type ?? "application/pdf"],
    ],
    Fields: { "Content-Type": opts.type ?? "application/pdf" },
    Expires: opts.expires ?? 60,
  });

describe("local S3: signed requests", () => {
  it("stores and returns the same bytes through the SDK (header-signed PUT, GET, HEAD)", async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 10, 13]);
    await put("files/a b/ünï.bin", bytes, "application/zip");
    const got = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: "files/a b/ünï.bin" }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(bytes);
    expect(got.ContentType).toBe("application/zip");
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: "files/a b/ünï.bin" }));
    expect(head.ContentLength).toBe(bytes.length);
  });

  it("refuses an unsigned GET of an object (the bucket is private)", async () => {
    await put("files/private.pdf", "%PDF secret");
    const res = await fetch(objectUrl("files/private.pdf"));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("<Code>AccessDenied</Code>");
  });

  it("refuses requests signed with the wrong secret, header-signed or presigned", async () => {
    await put("files/wrong.pdf", "%PDF x");
    const bad = clientWith("not-the-secret");
    await expect(
      bad.send(new GetObjectCommand({ Bucket: bucketName(), Key: "files/wrong.pdf" })),
    ).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    const url = await getSignedUrl(bad, new GetObjectCommand({ Bucket: bucketName(), Key: "files/wrong.pdf" }), {
      expiresIn: 60,
    });
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("SignatureDoesNotMatch");
  });

  it("serves a presigned GET until it expires, and never for another key", async () => {
    await put("files/book.pdf", "%PDF the book");
    await put("files/other.pdf", "%PDF other");
    const cmd = new GetObjectCommand({
      Bucket: bucketName(),
      Key: "files/book.pdf",
      ResponseContentDisposition: 'attachment; filename="book.pdf"',
    });
    const url = await getSignedUrl(s3(), cmd, { expiresIn: 300 });
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("%PDF the book");
    expect(ok.headers.get("content-disposition")).toBe('attachment; filename="book.pdf"');

    const swapped = await fetch(url.replace("files/book.pdf", "files/other.pdf"));
    expect(swapped.status).toBe(403);
    const longer = await fetch(url.replace("X-Amz-Expires=300", "X-Amz-Expires=3000"));
    expect(longer.status).toBe(403);

    // Signed two minutes ago for 60 seconds: expired now.
    const expired = await getSignedUrl(s3(), cmd, { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) });
    const res = await fetch(expired);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Request has expired");
  });

  it("answers a byte range with 206", async () => {
    await put("files/range.bin", "0123456789");
    const url = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucketName(), Key: "files/range.bin" }));
    const res = await fetch(url, { headers: { range: "bytes=2-5" } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe("2345");
  });

  it("keeps object tags set through the SDK", async () => {
    await put("files/tagged.pdf", "%PDF t");
    await s3().send(
      new PutObjectTaggingCommand({
        Bucket: bucketName(),
        Key: "files/tagged.pdf",
        Tagging: { TagSet: [{ Key: "state", Value: "attached" }] },
      }),
    );
    // Read from the store: the Lambdas' role may set tags but not read them (least privilege).
    expect((await stack().s3.objects.head(bucketName(), "files/tagged.pdf"))?.tags).toEqual({ state: "attached" });
  });
});

describe("local S3: browser form uploads (POST policy)", () => {
  const pdf = (size: number) => new Blob([Buffer.alloc(size, 37)], { type: "application/pdf" });

  it("accepts a file inside the policy's size and type, and stores it with that type", async () => {
    const post = await presignPost("uploads/ok.pdf");
    expect(await postForm(post, pdf(100))).toMatchObject({ status: 204 });
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: "uploads/ok.pdf" }));
    expect(head).toMatchObject({ ContentLength: 100, ContentType: "application/pdf" });
  });

  it("refuses a file larger than content-length-range and stores nothing", async () => {
    const post = await presignPost("uploads/big.pdf", { max: 100 });
    const res = await postForm(post, pdf(101));
    expect(res.status).toBe(400);
    expect(res.text).toContain("EntityTooLarge");
    await expect(
      s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: "uploads/big.pdf" })),
    ).rejects.toMatchObject({ name: "NotFound" });
  });

  it("answers EntityTooLarge to a file one byte over a 64 KiB policy (it used to get no answer)", async () => {
    const max = 64 * 1024;
    const post = await presignPost("uploads/big-one.pdf", { max });
    const res = await postForm(post, pdf(max + 1), {}, AbortSignal.timeout(10_000));
    expect(res.status).toBe(400);
    expect(res.text).toContain("<Code>EntityTooLarge</Code>");
    expect(await stack().s3.objects.head(bucketName(), "uploads/big-one.pdf")).toBeNull();
    expect((await postForm(await presignPost("uploads/fits.pdf", { max }), pdf(max))).status).toBe(204);
  });

  it("refuses another content type, another key, extra fields and a tampered policy", async () => {
    const post = await presignPost("uploads/typed.pdf");
    expect((await postForm(post, pdf(10), { "Content-Type": "text/html" })).status).toBe(403);
    expect((await postForm(post, pdf(10), { key: "files/elsewhere.pdf" })).status).toBe(403);
    expect((await postForm(post, pdf(10), { acl: "public-read" })).status).toBe(403);
    const policy = JSON.parse(Buffer.from(post.fields.Policy!, "base64").toString());
    policy.conditions = policy.conditions.map((c: unknown) =>
      Array.isArray(c) && c[0] === "content-length-range" ? ["content-length-range", 1, 10 ** 12] : c,
    );
    const forged = Buffer.from(JSON.stringify(policy)).toString("base64");
    const res = await postForm(post, pdf(10), { Policy: forged });
    expect(res.status).toBe(403);
    expect(res.text).toContain("SignatureDoesNotMatch");
  });

  it("refuses an expired policy and a form without one", async () => {
    // Signed by a client whose clock is two minutes behind, for 60 seconds: expired now.
    const behind = clientWith(stack().s3.credentials.secretAccessKey, -120_000);
    const post = await presignPost("uploads/late.pdf", { expires: 60, client: behind });
    const late = await postForm(post, pdf(10));
    expect(late.status).toBe(403);
    expect(late.text).toContain("Policy expired");
    const anonymous = await postForm({ url: post.url, fields: { key: "uploads/anon.pdf" } }, pdf(10));
    expect(anonymous.status).toBe(403);
  });

  it("lets only the site's origin call the bucket from a browser (CORS)", async () => {
    const ask = (origin: string) =>
      fetch(`${stack().s3.url}/${bucketName()}`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST" },
      });
    const site = await ask(stack().url);
    expect(site.status).toBe(200);
    expect(site.headers.get("access-control-allow-origin")).toBe(stack().url);
    expect((await ask("https://evil.example")).status).toBe(403);
  });
});
