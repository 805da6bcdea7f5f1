import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * AWS Signature Version 4, as S3 checks it: the same canonical request, string to sign and
 * derived signing key the SDK's signer builds, computed here from what arrived, so a request
 * is accepted only when the sender knew the secret, signed exactly these headers and query,
 * and (for presigned URLs) is still inside its X-Amz-Expires window.
 */
export const ALGORITHM = "AWS4-HMAC-SHA256";
export const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
/** S3 refuses header-signed requests whose X-Amz-Date is more than 15 minutes off. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** S3's upper bound for X-Amz-Expires: seven days. */
const MAX_EXPIRES_S = 604_800;

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The refusal S3 would send: its error code, HTTP status and message. */
export class S3Refusal extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
export const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function signingKey(secret: string, date: string, region: string, service = "s3"): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
}

export function sign(key: Buffer, stringToSign: string): string {
  return createHmac("sha256", key).update(stringToSign).digest("hex");
}

export const sameSignature = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `20240101/us-east-1/s3/aws4_request` with the access key in front, split and checked. */
export function parseCredential(raw: string, creds: Credentials) {
  const [accessKeyId, date, region, service, terminator, ...rest] = raw.split("/");
  if (!accessKeyId || !date || !region || service !== "s3" || terminator !== "aws4_request" || rest.length)
    throw new S3Refusal("AuthorizationQueryParametersError", 400, "Error parsing the X-Amz-Credential parameter.");
  if (accessKeyId !== creds.accessKeyId)
    throw new S3Refusal("InvalidAccessKeyId", 403, "The AWS Access Key Id you provided does not exist in our records.");
  if (region !== creds.region)
    throw new S3Refusal(
      "AuthorizationHeaderMalformed",
      400,
      `The region '${region}' is wrong; expecting '${creds.region}'.`,
    );
  return { date, scope: `${date}/${region}/s3/aws4_request` };
}

/** `20240101T000000Z` → epoch ms, or a refusal when it is not that shape. */
export function parseAmzDate(raw: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(raw ?? "");
  if (!m) throw new S3Refusal("AccessDenied", 403, "X-Amz-Date must be in the ISO8601 basic format.");
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

/** Query parameters exactly as sent, decoded once (S3 does not read "+" as a space). */
export function parseQuery(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery.split("&").map((pair) => {
    const i = pair.indexOf("=");
    const k = i === -1 ? pair : pair.slice(0, i);
    const v = i === -1 ? "" : pair.slice(i + 1);
    return [decodeURIComponent(k), decodeURIComponent(v)];
  });
}

export interface SignedRequest {
  method: string;
  /** The path as sent on the wire (already URI-encoded once; S3 signs it as-is). */
  rawPath: string;
  query: [string, string][];
  /** Lower-cased header names; repeated headers joined with ",". */
  headers: Record<string, string>;
}

function canonicalRequest(req: SignedRequest, signedHeaders: string[], payloadHash: string): string {
  const query = req.query
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const headers = signedHeaders.map((h) => `${h}:${(req.headers[h] ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
  return [req.method, req.rawPath || "/", query, headers, signedHeaders.join(";"), payloadHash].join("\n");
}

function check(
  req: SignedRequest,
  creds: Credentials,
  a: { credential: string; amzDate: string; signedHeaders: string; signature: string; payloadHash: string },
) {
  const { date, scope } = parseCredential(a.credential, creds);
  if (!a.amzDate.startsWith(date))
    throw new S3Refusal("SignatureDoesNotMatch", 403, "The credential date does not match X-Amz-Date.");
  const signed = a.signedHeaders.split(";").filter(Boolean);
  if (!signed.includes("host"))
    throw new S3Refusal("AccessDenied", 403, "There were headers present in the request which were not signed: host");
  for (const h of Object.keys(req.headers))
    if ((h.startsWith("x-amz-") || h === "content-md5") && !signed.includes(h))
      throw new S3Refusal("AccessDenied", 403, `There were headers present in the request which were not signed: ${h}`);
  const canonical = canonicalRequest(req, signed, a.payloadHash);
  const stringToSign = [ALGORITHM, a.amzDate, scope, sha256(canonical)].join("\n");
  const expected = sign(signingKey(creds.secretAccessKey, date, creds.region), stringToSign);
  if (!sameSignature(expected, a.signature.toLowerCase()))
    throw new S3Refusal(
      "SignatureDoesNotMatch",
      403,
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    );
}

/** `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` */
export function verifyHeaderAuth(req: SignedRequest, creds: Credentials, now = Date.now()): void {
  const auth = req.headers.authorization ?? "";
  if (!auth.startsWith(`${ALGORITHM} `))
    throw new S3Refusal("InvalidArgument", 400, "Only AWS4-HMAC-SHA256 signatures are supported.");
  const parts = Object.fromEntries(
    auth
      .slice(ALGORITHM.length + 1)
      .split(",")
      .map((p) => p.trim().split("=") as [string, string]),
  );
  const amzDate = req.headers["x-amz-date"];
  const payloadHash = req.headers["x-amz-content-sha256"];
  if (!payloadHash)
    throw new S3Refusal("InvalidRequest", 400, "Missing required header for this request: x-amz-content-sha256");
  if (Math.abs(now - parseAmzDate(amzDate)) > MAX_SKEW_MS)
    throw new S3Refusal(
      "RequestTimeTooSkewed",
      403,
      "The difference between the request time and the current time is too large.",
    );
  check(req, creds, {
    credential: parts.Credential ?? "",
    amzDate: amzDate!,
    signedHeaders: parts.SignedHeaders ?? "",
    signature: parts.Signature ?? "",
    payloadHash,
  });
}

/** A presigned URL: X-Amz-Algorithm, -Credential, -Date, -Expires, -SignedHeaders, -Signature. */
export function verifyQueryAuth(req: SignedRequest, creds: Credentials, now = Date.now()): void {
  const q = Object.fromEntries(req.query);
  if (q["X-Amz-Algorithm"] !== ALGORITHM)
    throw new S3Refusal("AuthorizationQueryParametersError", 400, "X-Amz-Algorithm only supports AWS4-HMAC-SHA256.");
  const expires = Number(q["X-Amz-Expires"]);
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_S)
    throw new S3Refusal(
      "AuthorizationQueryParametersError",
      400,
      "X-Amz-Expires must be between 1 and 604800 seconds.",
    );
  const signedAt = parseAmzDate(q["X-Amz-Date"]);
  if (now > signedAt + expires * 1000) throw new S3Refusal("AccessDenied", 403, "Request has expired");
  if (now < signedAt - MAX_SKEW_MS) throw new S3Refusal("AccessDenied", 403, "Request is not yet valid");
  check(req, creds, {
    credential: q["X-Amz-Credential"] ?? "",
    amzDate: q["X-Amz-Date"]!,
    signedHeaders: q["X-Amz-SignedHeaders"] ?? "",
    signature: q["X-Amz-Signature"] ?? "",
    payloadHash: q["X-Amz-Content-Sha256"] ?? UNSIGNED_PAYLOAD,
  });
}
