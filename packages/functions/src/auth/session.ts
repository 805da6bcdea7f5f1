import { createClient } from "@openauthjs/openauth/client";
import { Resource } from "sst";
import type { Actor } from "@payloft/core/actor/index";
import { Config } from "@payloft/core/config/index";
import { UnavailableError } from "@payloft/core/errors";
import { HTTP_TIMEOUT_MS } from "@payloft/core/faults";
import { logger } from "@payloft/core/log/index";
import type { UserItem } from "@payloft/core/db/entities/user";
import { userById } from "@payloft/core/user/read";
import type { ApiRequest } from "../http/request";
import { subjects, WEB_CLIENT_ID } from "./subjects";

/**
 * The session: an OpenAuth access token (short-lived JWT) and refresh token in HttpOnly,
 * SameSite=Lax cookies. Every request verifies the access token against the issuer's keys,
 * refreshes it transparently when it has expired, and loads the person, whose
 * `sessions_revoked_at` (set by logout) ends older sessions on the server.
 */
export const ACCESS_COOKIE = "payloft_access";
export const REFRESH_COOKIE = "payloft_refresh";
/** PKCE verifier of a sign-in in progress: binds the returning code to this browser. */
export const PKCE_COOKIE = "payloft_pkce";
const SESSION_MAX_AGE = 60 * 60 * 24 * 30;

export const issuerUrl = () => Resource.Auth.url.replace(/\/$/, "");
export const callbackUrl = () => `${Config.siteUrl()}/auth/callback`;

const clients = new Map<string, ReturnType<typeof createClient>>();
export function authClient() {
  const issuer = issuerUrl();
  let client = clients.get(issuer);
  if (!client) clients.set(issuer, (client = createClient({ clientID: WEB_CLIENT_ID, issuer, fetch: boundedFetch })));
  return client;
}

/**
 * A hanging issuer (e.g. its storage frozen) must fail the call in seconds, not hold it open;
 * and its 5xx is an outage, not a refused token, so it must not sign the person out.
 */
async function boundedFetch(input: string | URL | Request, init?: RequestInit) {
  const res = await fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  if (res.status >= 500)
    throw Object.assign(new Error(`issuer answered ${res.status}`), { name: "ServiceUnavailable" });
  return res;
}

/** Secure everywhere except a plain-http localhost site (the offline runtime). */
function cookie(name: string, value: string, maxAge: number, path = "/") {
  const site = Config.siteUrl();
  const insecureLocal = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(site);
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    `Max-Age=${maxAge}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(insecureLocal ? [] : ["Secure"]),
  ].join("; ");
}

export const sessionCookies = (tokens: { access: string; refresh: string }) => [
  cookie(ACCESS_COOKIE, tokens.access, SESSION_MAX_AGE),
  cookie(REFRESH_COOKIE, tokens.refresh, SESSION_MAX_AGE),
];
export const clearSessionCookies = () => [cookie(ACCESS_COOKIE, "", 0), cookie(REFRESH_COOKIE, "", 0)];
export const pkceCookie = (verifier: string) => cookie(PKCE_COOKIE, verifier, 600, "/api");
export const clearPkceCookie = () => cookie(PKCE_COOKIE, "", 0, "/api");

const MAX_REFRESH_TOKEN = 1_024;

type Verified = {
  properties: { id: string; email: string; signed_in_at: number };
  tokens?: { access: string; refresh: string };
};

/** Verifies (and if needed refreshes) the tokens; null when they are not a valid session. */
export async function verifyTokens(access: string | undefined, refresh: string | undefined): Promise<Verified | null> {
  const client = authClient();
  // A real refresh token is "<subject>:<uuid>"; a huge one is junk that would make the
  // issuer's storage fail (key too large), which must sign the person out, not look like an outage.
  if (refresh && refresh.length > MAX_REFRESH_TOKEN) refresh = undefined;
  try {
    let token = access;
    let refreshed: { access: string; refresh: string } | undefined;
    if (!token && refresh) {
      const r = await client.refresh(refresh);
      if (r.err || !r.tokens) return null;
      token = r.tokens.access;
      refreshed = r.tokens;
    }
    if (!token) return null;
    const v = await client.verify(subjects, token, refresh ? { refresh } : undefined);
    if (v.err) return null;
    return { properties: v.subject.properties, tokens: v.tokens ?? refreshed };
  } catch (err) {
    // Only an unreachable issuer lands here (a bad token is `v.err`): say so, do not sign out.
    logger.error("session verification failed", err as Error);
    throw new UnavailableError("Sign-in is temporarily unavailable. Please try again in a moment.", "auth.unavailable");
  }
}

/** The loaded person of each request, so guards need no second read. */
const loaded = new WeakMap<ApiRequest, UserItem>();
export const sessionUser = (req: ApiRequest) => loaded.get(req);

export function toActor(user: UserItem): Actor {
  return { userId: user.id, email: user.email, name: user.name ?? "", role: user.role ?? null, isAdmin: user.is_admin };
}

export async function resolveSession(req: ApiRequest): Promise<{ actor: Actor | null; setCookies: string[] }> {
  const access = req.cookies[ACCESS_COOKIE];
  const refresh = req.cookies[REFRESH_COOKIE];
  if (!access && !refresh) return { actor: null, setCookies: [] };
  const verified = await verifyTokens(access, refresh);
  const user = verified ? await userById(verified.properties.id) : null;
  const revoked =
    user?.sessions_revoked_at !== undefined && verified!.properties.signed_in_at <= user.sessions_revoked_at;
  if (!verified || !user || revoked) return { actor: null, setCookies: clearSessionCookies() };
  loaded.set(req, user);
  return { actor: toActor(user), setCookies: verified.tokens ? sessionCookies(verified.tokens) : [] };
}
