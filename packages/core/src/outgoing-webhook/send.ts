import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { refusedAddress, safeLookup, type UrlRules } from "./url";

/** How long an endpoint has to answer; a slower one counts as a failed attempt and is retried. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface SendResult {
  /** The endpoint's status code; null when it never answered (refused, timed out, unreachable). */
  status: number | null;
  error?: string;
  durationMs: number;
}

/**
 * POSTs one signed body. Redirects are not followed (a 3xx is a failure, as a redirect could
 * point anywhere), connections go only to addresses the SSRF rules allow, and the answer's body
 * is discarded.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  rules: UrlRules,
): Promise<SendResult> {
  const started = Date.now();
  const done = (status: number | null, error?: string): SendResult => ({
    status,
    ...(error ? { error } : {}),
    durationMs: Date.now() - started,
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve(done(null, "invalid URL"));
    }
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    const refused = isIP(literal) ? refusedAddress(literal, rules) : null;
    if (refused) return resolve(done(null, `refused: ${refused}`));
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        lookup: safeLookup(rules) as never,
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(done(res.statusCode ?? null)));
        res.on("error", (err) => resolve(done(res.statusCode ?? null, err.message)));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    req.on("error", (err) => resolve(done(null, err.message.slice(0, 200))));
    req.end(body);
  });
}
