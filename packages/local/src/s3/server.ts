import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import busboy from "busboy";
import { S3Refusal, UNSIGNED_PAYLOAD, parseQuery, verifyHeaderAuth, verifyQueryAuth, type Credentials } from "./sigv4";
import { acceptPost, type AcceptedPost } from "./post-policy";
import { TooLarge, parseTagging, type ObjectStore, type Staged } from "./store";

/**
 * The local S3 endpoint (path-style: /{bucket}/{key}). Like a private, encrypted S3 bucket
 * it answers only requests that carry a valid SigV4 signature (header or presigned URL) or a
 * signed, unexpired POST policy; anything anonymous is AccessDenied. The credentials are the
 * Lambdas' role: like IAM, a call outside the actions it was granted (`granted`, the same list
 * infra/links.ts grants) is AccessDenied, and without s3:ListBucket a missing key is a 403, not
 * a 404. CORS follows the bucket's rule: only the site's origin may call it from a browser.
 */
export interface S3Options {
  store: ObjectStore;
  creds: Credentials;
  /** IAM actions the credentials hold on this bucket, e.g. s3:GetObject. */
  granted: readonly string[];
  allowedOrigins: string[];
}

/** What IAM checks before S3 looks at the request: every action it needs must be granted. */
function authorize(o: S3Options, ...actions: string[]) {
  if (actions.some((a) => !o.granted.includes(a))) throw new S3Refusal("AccessDenied", 403, "Access Denied");
}
const withTags = (tagging: string | undefined) => (tagging ? ["s3:PutObjectTagging"] : []);

/** A key that is not there: S3 says so only to a caller that may list the bucket. */
function noSuchKey(o: S3Options): S3Refusal {
  return o.granted.includes("s3:ListBucket")
    ? new S3Refusal("NoSuchKey", 404, "The specified key does not exist.")
    : new S3Refusal("AccessDenied", 403, "Access Denied");
}

const CORS_METHODS = ["GET", "HEAD", "PUT", "POST"];
const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendError(res: ServerResponse, err: S3Refusal) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(err.status, { "content-type": "application/xml" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message></Error>`,
  );
}

function applyCors(req: IncomingMessage, res: ServerResponse, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin || !allowed.includes(origin)) return false;
  res.setHeader("access-control-allow-origin", origin);
  res.setHeader("access-control-expose-headers", "ETag");
  res.setHeader("vary", "Origin");
  return true;
}

function preflight(req: IncomingMessage, res: ServerResponse, allowed: string[]) {
  const method = String(req.headers["access-control-request-method"] ?? "");
  if (!applyCors(req, res, allowed) || !CORS_METHODS.includes(method))
    return sendError(res, new S3Refusal("AccessForbidden", 403, "CORSResponse: This CORS request is not allowed."));
  res.setHeader("access-control-allow-methods", CORS_METHODS.join(", "));
  const asked = req.headers["access-control-request-headers"];
  if (asked) res.setHeader("access-control-allow-headers", asked);
  res.setHeader("access-control-max-age", "3000");
  res.writeHead(200).end();
}

function headerMap(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(",") : v;
  return out;
}

/** The signed request's verdict: throws unless the header or query signature is valid. */
function authenticate(req: IncomingMessage, rawPath: string, rawQuery: string, creds: Credentials) {
  const signed = { method: req.method ?? "GET", rawPath, query: parseQuery(rawQuery), headers: headerMap(req) };
  const presigned = signed.query.some(([k]) => k === "X-Amz-Algorithm");
  if (signed.headers.authorization && presigned)
    throw new S3Refusal("InvalidArgument", 400, "Only one auth mechanism allowed.");
  if (signed.headers.authorization) return verifyHeaderAuth(signed, creds);
  if (presigned) return verifyQueryAuth(signed, creds);
  throw new S3Refusal("AccessDenied", 403, "Access Denied");
}

async function formUpload(req: IncomingMessage, res: ServerResponse, bucket: string, o: S3Options) {
  const fields: Record<string, string> = {};
  let accepted: AcceptedPost | undefined;
  let staged: Staged | undefined;
  let failure: unknown;
  let fileSeen: Promise<void> = Promise.resolve();
  await new Promise<void>((resolve) => {
    const form = busboy({ headers: req.headers, limits: { fieldSize: 64 * 1024, fields: 50, files: 1 } });
    form.on("field", (name, value) => void (fields[name.toLowerCase()] = value));
    form.on("file", (_name, stream) => {
      fileSeen = (async () => {
        try {
          // S3 reads the policy from the fields before the file, which must come last.
          accepted = acceptPost(bucket, fields, o.creds);
          authorize(o, "s3:PutObject", ...withTags(accepted.tagging));
          staged = await o.store.stage(bucket, stream, accepted.maxSize);
        } catch (err) {
          failure = err;
          stream.resume();
        }
      })();
    });
    form.on("close", () => resolve());
    form.on("error", (err) => {
      failure ??= err;
      resolve();
    });
    req.pipe(form);
  });
  await fileSeen;
  if (failure instanceof TooLarge || (staged && accepted && staged.size < accepted.minSize)) {
    if (staged) await o.store.discard(staged);
    throw new S3Refusal("EntityTooLarge", 400, "Your proposed upload exceeds the maximum allowed size.");
  }
  if (failure instanceof S3Refusal) throw failure;
  if (failure || !accepted || !staged)
    throw new S3Refusal("InvalidArgument", 400, "POST requires exactly one file upload per request.");
  const key = accepted.key;
  const meta = await o.store.commit(
    bucket,
    key,
    staged,
    accepted.contentType ?? "binary/octet-stream",
    accepted.tagging ? parseTagging(accepted.tagging) : {},
  );
  res.writeHead(accepted.successStatus, { etag: meta.etag, location: `/${bucket}/${encodeURIComponent(key)}` });
  res.end();
}

async function putObject(req: IncomingMessage, res: ServerResponse, bucket: string, key: string, o: S3Options) {
  const declared = String(req.headers["x-amz-content-sha256"] ?? UNSIGNED_PAYLOAD);
  if (declared.startsWith("STREAMING-") || String(req.headers["content-encoding"] ?? "").includes("aws-chunked"))
    throw new S3Refusal("NotImplemented", 501, "The local S3 does not accept aws-chunked bodies; send a Buffer body.");
  const staged = await o.store.stage(bucket, req);
  if (declared !== UNSIGNED_PAYLOAD && declared !== staged.sha256) {
    await o.store.discard(staged);
    throw new S3Refusal("XAmzContentSHA256Mismatch", 400, "The provided 'x-amz-content-sha256' header does not match.");
  }
  const tagging = req.headers["x-amz-tagging"] as string | undefined;
  authorize(o, "s3:PutObject", ...withTags(tagging));
  const tags = Object.fromEntries(new URLSearchParams(tagging ?? ""));
  const type = String(req.headers["content-type"] ?? "binary/octet-stream");
  const meta = await o.store.commit(bucket, key, staged, type, tags);
  res.writeHead(200, { etag: meta.etag }).end();
}

async function getObject(
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  key: string,
  query: URLSearchParams,
  o: S3Options,
) {
  authorize(o, "s3:GetObject");
  const meta = await o.store.head(bucket, key);
  if (!meta) throw noSuchKey(o);
  const headers: Record<string, string> = {
    "content-type": query.get("response-content-type") ?? meta.contentType,
    etag: meta.etag,
    "last-modified": meta.lastModified,
    "accept-ranges": "bytes",
    "x-amz-server-side-encryption": "AES256",
  };
  const disposition = query.get("response-content-disposition");
  if (disposition) headers["content-disposition"] = disposition;
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ""));
  let start = 0;
  let end = meta.size - 1;
  if (range && meta.size > 0 && (range[1] || range[2])) {
    start = range[1] ? Number(range[1]) : Math.max(0, meta.size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), end) : end;
    if (start > end) throw new S3Refusal("InvalidRange", 416, "The requested range is not satisfiable");
    headers["content-range"] = `bytes ${start}-${end}/${meta.size}`;
  }
  headers["content-length"] = String(meta.size === 0 ? 0 : end - start + 1);
  res.writeHead(headers["content-range"] ? 206 : 200, headers);
  if (req.method === "HEAD" || meta.size === 0) return void res.end();
  createReadStream(o.store.dataPath(bucket, key), { start, end }).pipe(res);
}

async function tagging(req: IncomingMessage, res: ServerResponse, bucket: string, key: string, o: S3Options) {
  authorize(o, req.method === "GET" ? "s3:GetObjectTagging" : "s3:PutObjectTagging");
  if (req.method === "GET") {
    const meta = await o.store.head(bucket, key);
    if (!meta) throw noSuchKey(o);
    const set = Object.entries(meta.tags)
      .map(([k, v]) => `<Tag><Key>${xmlEscape(k)}</Key><Value>${xmlEscape(v)}</Value></Tag>`)
      .join("");
    res.writeHead(200, { "content-type": "application/xml" });
    return void res.end(`<Tagging><TagSet>${set}</TagSet></Tagging>`);
  }
  const staged = await o.store.stage(bucket, req, 64 * 1024);
  const xml = await readFile(staged.path, "utf8");
  await o.store.discard(staged);
  if (!(await o.store.setTags(bucket, key, parseTagging(xml)))) throw noSuchKey(o);
  res.writeHead(200).end();
}

async function handle(req: IncomingMessage, res: ServerResponse, o: S3Options) {
  const rawUrl = req.url ?? "/";
  const q = rawUrl.indexOf("?");
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const rawQuery = q === -1 ? "" : rawUrl.slice(q + 1);
  const query = new URLSearchParams(rawQuery);
  const [, bucket = "", ...rest] = rawPath.split("/");
  const key = decodeURIComponent(rest.join("/"));
  applyCors(req, res, o.allowedOrigins);
  if (req.method === "OPTIONS") return preflight(req, res, o.allowedOrigins);
  if (!o.store.hasBucket(bucket)) throw new S3Refusal("NoSuchBucket", 404, "The specified bucket does not exist");
  if (req.method === "POST" && !key) return formUpload(req, res, bucket, o);
  authenticate(req, rawPath, rawQuery, o.creds);
  if (!key) throw new S3Refusal("NotImplemented", 501, "Bucket operations are not part of the local S3.");
  if (query.has("tagging") && (req.method === "GET" || req.method === "PUT")) return tagging(req, res, bucket, key, o);
  if (req.method === "PUT") return putObject(req, res, bucket, key, o);
  if (req.method === "GET" || req.method === "HEAD") return getObject(req, res, bucket, key, query, o);
  if (req.method === "DELETE") {
    authorize(o, "s3:DeleteObject");
    await o.store.remove(bucket, key);
    return void res.writeHead(204).end();
  }
  throw new S3Refusal("MethodNotAllowed", 405, "The specified method is not allowed against this resource.");
}

/** The bucket's request listener, for a server of the caller's (see ports.ts bindServer). */
export function s3Requests(o: S3Options) {
  return (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res, o).catch((err: unknown) => {
      if (err instanceof S3Refusal) return sendError(res, err);
      if (err instanceof TooLarge) return sendError(res, new S3Refusal("EntityTooLarge", 400, "Upload too large."));
      console.error("local S3:", err);
      sendError(res, new S3Refusal("InternalError", 500, "We encountered an internal error. Please try again."));
    });
  };
}
