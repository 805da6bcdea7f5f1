import { createHmac } from "node:crypto";

/**
 * `Payloft-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the
 * endpoint's secret>`. Each attempt is signed at the moment it is sent, so a receiver can refuse
 * old timestamps (replays) and still accept a retry hours later. While a rolled secret's
 * predecessor is still valid, one `v1` per secret is sent, newest first (as Stripe does), so a
 * receiver checking either secret accepts the delivery.
 */
export const SIGNATURE_HEADER = "Payloft-Signature";

export function signatureHeader(
  body: string,
  secrets: string | string[],
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = [secrets]
    .flat()
    .map((secret) => `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`);
  return [`t=${timestamp}`, ...v1].join(",");
}
