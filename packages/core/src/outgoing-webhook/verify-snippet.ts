/**
 * The few lines of Node a creator copies to check a delivery's Payloft-Signature. Shown by the
 * web app and in docs/webhooks.md; a test runs the documented copy against a real delivery.
 */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string, before JSON.parse).
// After a secret roll the header carries one v1 per valid secret: any one matching is enough.
export function verifyPayloftSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = header.split(",").map((part) => part.split("="));
  const t = parts.find(([key]) => key === "t")?.[1];
  const expected = Buffer.from(createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex"));
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= toleranceSeconds;
  const matches = ([key, v1 = ""]) =>
    key === "v1" && v1.length === expected.length && timingSafeEqual(Buffer.from(v1), expected);
  return fresh && parts.some(matches);
}`;
