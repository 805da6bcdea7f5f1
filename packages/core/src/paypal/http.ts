import { createHash, randomUUID } from "node:crypto";
import type { ZodMiniType, output } from "zod/mini";
import { AGAIN, jitter, retry } from "../retry";
import { AccessToken, ErrorBody } from "./schemas";

/** PayPal's two REST hosts; a seller's is_live picks one. */
export const PAYPAL_HOSTS = { live: "https://api-m.paypal.com", sandbox: "https://api-m.sandbox.paypal.com" } as const;

/**
 * Where PayPal calls go: PAYPAL_API_URL when set (only the local runtime sets it, to its PayPal
 * sandbox), otherwise PayPal's live or sandbox host by the seller's mode. No other code
 * branches on local versus production.
 */
export function paypalBaseUrl(live: boolean): string {
  return (process.env.PAYPAL_API_URL || (live ? PAYPAL_HOSTS.live : PAYPAL_HOSTS.sandbox)).replace(/\/+$/, "");
}

/** PayPal's two websites (where buyers sign in), by the same is_live. */
export const PAYPAL_WEB_HOSTS = { live: "https://www.paypal.com", sandbox: "https://www.sandbox.paypal.com" } as const;

/**
 * Where a buyer's PayPal pages are: the local PayPal sandbox when PAYPAL_API_URL is set (it serves
 * its pages on the same origin as its API, as its approve links show), otherwise PayPal's live or
 * sandbox website by the seller's mode, as for paypalBaseUrl.
 */
export function paypalWebUrl(live: boolean): string {
  return (process.env.PAYPAL_API_URL || (live ? PAYPAL_WEB_HOSTS.live : PAYPAL_WEB_HOSTS.sandbox)).replace(/\/+$/, "");
}

export interface PayPalCredentials {
  clientId: string;
  clientSecret: string;
  live: boolean;
}

/** A refused or failed PayPal call, with PayPal's status, error name and first issue code. */
export class PayPalRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = "PayPalRequestError";
  }
  /** The credentials themselves were refused (wrong id/secret, or the other environment's). */
  get isAuthFailure() {
    return this.status === 401 || this.errorName === "invalid_client";
  }
  /** PayPal could not be reached or failed on its side: worth trying again later. */
  get isUnavailable() {
    return this.status === 0 || this.status >= 500;
  }
}

/** One call may wait this long for PayPal before it counts as unavailable. */
export const TIMEOUT_MS = 10_000;

const tokens = new Map<string, { token: string; expiresAt: number }>();
const cacheKey = (c: PayPalCredentials) =>
  `${paypalBaseUrl(c.live)}|${c.clientId}|${createHash("sha256").update(c.clientSecret).digest("hex")}`;

async function send(url: string, init: RequestInit): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new PayPalRequestError(0, "NETWORK_ERROR", undefined, `PayPal unreachable: ${(err as Error).message}`);
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (res.ok) return { status: res.status, json };
  const e = ErrorBody.safeParse(json ?? {});
  const body = e.success ? e.data : {};
  const name = body.name ?? body.error ?? `HTTP_${res.status}`;
  const issue = body.details?.[0]?.issue;
  const message =
    body.details?.[0]?.description ?? body.message ?? body.error_description ?? `PayPal answered ${res.status}`;
  throw new PayPalRequestError(res.status, name, issue, message);
}

/** Network faults and PayPal's 5xx are retried (twice, with backoff); everything else is final. */
const transient = (err: unknown) => err instanceof PayPalRequestError && err.isUnavailable;
const calls = <T>(step: () => Promise<T>) =>
  retry(async () => step(), {
    attempts: 3,
    delayMs: jitter(200, 300),
    retryOn: transient,
    exhausted: () => new PayPalRequestError(0, "NETWORK_ERROR", undefined, "PayPal unreachable"),
  });

/** An OAuth client-credentials token, cached until shortly before PayPal says it expires. */
export async function accessToken(c: PayPalCredentials, fresh = false): Promise<string> {
  const key = cacheKey(c);
  const cached = tokens.get(key);
  if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token;
  const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64");
  const { json } = await calls(() =>
    send(`${paypalBaseUrl(c.live)}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
    }),
  );
  const t = AccessToken.parse(json);
  tokens.set(key, { token: t.access_token, expiresAt: Date.now() + Math.max(0, t.expires_in - 120) * 1000 });
  return t.access_token;
}

export interface CallOptions<S extends ZodMiniType> {
  body?: unknown;
  /** PayPal-Request-Id: a retried POST with the same id is done once and answered the same. */
  requestId?: string;
  schema?: S;
  prefer?: "return=minimal" | "return=representation";
}

/**
 * One authenticated REST call. A POST always carries a PayPal-Request-Id (the caller's, or a
 * fresh one), so the retries here never capture or refund twice. A token PayPal no longer
 * accepts is dropped and fetched once more.
 */
export async function paypalCall<S extends ZodMiniType>(
  c: PayPalCredentials,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  opts: CallOptions<S> = {},
): Promise<output<S>> {
  const requestId = method === "POST" ? (opts.requestId ?? randomUUID()) : undefined;
  const attempt = async (fresh: boolean) => {
    const token = await accessToken(c, fresh);
    return calls(() =>
      send(`${paypalBaseUrl(c.live)}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
          ...(requestId ? { "paypal-request-id": requestId } : {}),
          ...(opts.prefer ? { prefer: opts.prefer } : {}),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      }),
    );
  };
  const { json } = await retry(
    async (n) => {
      try {
        return await attempt(n > 1);
      } catch (err) {
        if (n === 1 && err instanceof PayPalRequestError && err.status === 401) return AGAIN;
        throw err;
      }
    },
    { attempts: 2, exhausted: () => new PayPalRequestError(401, "AUTHENTICATION_FAILURE", undefined, "Token refused") },
  );
  return (opts.schema ? opts.schema.parse(json) : json) as output<S>;
}
