import { ALGORITHM, S3Refusal, parseAmzDate, parseCredential, sameSignature, sign, signingKey } from "./sigv4";
import type { Credentials } from "./sigv4";

/**
 * A browser form upload (POST Object) is allowed by its policy, not by a signed request: the
 * policy (base64 JSON with an expiration and conditions) must carry a valid SigV4 signature,
 * must not have expired, every form field must be named by a condition, and every condition
 * must hold, including `content-length-range` on the file's real size. This is what binds
 * the size and type a creator declared into the upload.
 */
type Condition =
  | { kind: "eq"; field: string; value: string }
  | { kind: "starts-with"; field: string; value: string }
  | { kind: "range"; min: number; max: number };

export interface AcceptedPost {
  key: string;
  contentType?: string;
  /** `tagging` form field (XML), when present. */
  tagging?: string;
  /** Bounds on the file size from `content-length-range`, when present. */
  minSize: number;
  maxSize: number;
  successStatus: number;
}

const denied = (message: string) => new S3Refusal("AccessDenied", 403, `Invalid according to Policy: ${message}`);

/** Form fields S3 never expects a condition for. */
const EXEMPT = new Set(["x-amz-signature", "file", "policy"]);

function parseConditions(raw: unknown): Condition[] {
  if (!Array.isArray(raw)) throw denied("Policy Condition failed: conditions must be a list");
  return raw.map((c): Condition => {
    if (Array.isArray(c)) {
      const [op, a, b] = c as [string, unknown, unknown];
      const verb = String(op).toLowerCase();
      if (verb === "content-length-range") return { kind: "range", min: Number(a), max: Number(b) };
      if ((verb === "eq" || verb === "starts-with") && typeof a === "string" && a.startsWith("$"))
        return { kind: verb, field: a.slice(1).toLowerCase(), value: String(b) };
      throw denied(`Policy Condition failed: ${JSON.stringify(c)}`);
    }
    if (c && typeof c === "object") {
      const entries = Object.entries(c as Record<string, unknown>);
      if (entries.length !== 1) throw denied(`Policy Condition failed: ${JSON.stringify(c)}`);
      const [field, value] = entries[0]!;
      return { kind: "eq", field: field.toLowerCase(), value: String(value) };
    }
    throw denied(`Policy Condition failed: ${JSON.stringify(c)}`);
  });
}

/**
 * Checks the form fields that came before the file against their policy. `fields` keys are
 * lower-cased. Throws the refusal S3 would send; returns what the file must then satisfy.
 */
export function acceptPost(
  bucket: string,
  fields: Record<string, string>,
  creds: Credentials,
  now = Date.now(),
): AcceptedPost {
  const policyB64 = fields.policy;
  if (!policyB64)
    throw new S3Refusal("AccessDenied", 403, "Anonymous uploads are not allowed: the form has no policy.");
  if (fields["x-amz-algorithm"] !== ALGORITHM)
    throw new S3Refusal("InvalidArgument", 400, "x-amz-algorithm must be AWS4-HMAC-SHA256.");
  const { date } = parseCredential(fields["x-amz-credential"] ?? "", creds);
  parseAmzDate(fields["x-amz-date"]);
  const expected = sign(signingKey(creds.secretAccessKey, date, creds.region), policyB64);
  if (!sameSignature(expected, (fields["x-amz-signature"] ?? "").toLowerCase()))
    throw new S3Refusal(
      "SignatureDoesNotMatch",
      403,
      "The request signature we calculated does not match the signature you provided.",
    );

  let policy: { expiration?: string; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyB64, "base64").toString("utf8"));
  } catch {
    throw new S3Refusal("InvalidPolicyDocument", 400, "Invalid Policy: Invalid JSON.");
  }
  const expiresAt = Date.parse(policy.expiration ?? "");
  if (!Number.isFinite(expiresAt)) throw new S3Refusal("InvalidPolicyDocument", 400, "Invalid Policy: no expiration.");
  if (now > expiresAt) throw denied("Policy expired.");

  const conditions = parseConditions(policy.conditions);
  const value = (field: string) => (field === "bucket" ? (fields.bucket ?? bucket) : fields[field]);
  for (const c of conditions) {
    if (c.kind === "range") continue;
    const actual = value(c.field) ?? "";
    const ok = c.kind === "eq" ? actual === c.value : actual.startsWith(c.value);
    if (!ok) throw denied(`Policy Condition failed: ["${c.kind}", "$${c.field}", "${c.value}"]`);
  }
  const named = new Set(conditions.flatMap((c) => (c.kind === "range" ? [] : [c.field])));
  for (const field of Object.keys(fields)) {
    if (EXEMPT.has(field) || field.startsWith("x-ignore-")) continue;
    if (!named.has(field)) throw denied(`Extra input fields: ${field}`);
  }
  if (!fields.key) throw new S3Refusal("InvalidArgument", 400, "Bucket POST must contain a field named 'key'.");

  const range = conditions.find((c): c is Extract<Condition, { kind: "range" }> => c.kind === "range");
  const status = Number(fields.success_action_status);
  return {
    key: fields.key,
    contentType: fields["content-type"],
    tagging: fields.tagging,
    minSize: range?.min ?? 0,
    maxSize: range?.max ?? Number.POSITIVE_INFINITY,
    successStatus: status === 200 || status === 201 ? status : 204,
  };
}
