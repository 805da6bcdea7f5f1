import { createHash } from "node:crypto";
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import type { Stack } from "../stack";

/** The header CloudFront fills with the viewer's address (tests set it to act as several people). */
export { VIEWER_ADDRESS_HEADER };

/**
 * The headers CloudFront forwards for a viewer at `address`: a test (or the bench) that plays
 * the edge for several people sends these. The local gateway overwrites the address of any
 * request without the origin secret with the connection's own, as CloudFront does; `secret` is
 * this process's stack's unless given (a browser test gets it from the global setup).
 */
export function viewerHeaders(
  address: string,
  secret = (JSON.parse(process.env.SST_RESOURCE_OriginSecret ?? "{}") as { value?: string }).value ?? "",
): Record<string, string> {
  return { [VIEWER_ADDRESS_HEADER]: address, [ORIGIN_SECRET_HEADER]: secret };
}

/**
 * Each test person signs in from their own address (as real people do), so a file that signs
 * in many people does not run into the per-address sign-in limit meant for one client.
 */
export function addressOf(email: string): string {
  const h = createHash("sha256").update(email).digest();
  return `10.${h[0]}.${h[1]}.${h[2]}`;
}

/**
 * Signs a person in through the REAL flow over HTTP, as a browser would: the login redirect
 * call, the issuer, the Google emulator's form, the issuer's callback and POST /api/sessions.
 * Returns the session as a Cookie header ("payloft_access=…; payloft_refresh=…") for call().
 *
 *   const cookie = await signIn(stack(), { email: "ann@example.com", name: "Ann" });
 *   await call(stack(), "GET", "/api/profile", { cookie });
 */
export async function signIn(stack: Stack, who: { email: string; name?: string }): Promise<string> {
  const flow = await startSignIn(stack, who);
  if (!flow.code) throw new Error(`sign-in did not return a code: ${flow.callback}`);
  const res = await fetch(`${stack.url}/api/sessions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: stack.url,
      cookie: flow.siteJar.header(),
      ...viewerHeaders(addressOf(who.email)),
    },
    body: JSON.stringify({ code: flow.code }),
  });
  if (!res.ok) throw new Error(`POST /api/sessions answered ${res.status}: ${await res.text()}`);
  const session = new CookieJar();
  session.take(res);
  return session.header();
}

/**
 * Runs the sign-in up to the return to /auth/callback and gives back that URL (with `code`,
 * or `error`/`error_description` when the issuer refused) plus the site's cookies so far.
 */
export async function startSignIn(stack: Stack, who: { email: string; name?: string }) {
  const siteJar = new CookieJar();
  const issuerJar = new CookieJar();
  const start = await fetch(`${stack.url}/api/oauth/google/redirect_url`, {
    headers: viewerHeaders(addressOf(who.email)),
  });
  if (!start.ok) throw new Error(`redirect_url answered ${start.status}`);
  siteJar.take(start);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };

  // Issuer /authorize -> /google/authorize -> the emulator's page.
  let url = redirectUrl;
  for (let i = 0; i < 5 && !url.includes("/__google/authorize"); i++) url = await hop(url, issuerJar);
  const q = new URL(url).searchParams;
  const page = await fetch(url);
  if (!page.ok) throw new Error(`emulator page answered ${page.status}`);

  const form = new URLSearchParams({
    client_id: q.get("client_id") ?? "",
    redirect_uri: q.get("redirect_uri") ?? "",
    state: q.get("state") ?? "",
    email: who.email,
    name: who.name ?? "",
  });
  const posted = await fetch(url.split("?")[0]!, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  let next = new URL(posted.headers.get("location") ?? "", url).toString();
  // Issuer /google/callback -> our site's /auth/callback?code=…
  for (let i = 0; i < 5 && !next.startsWith(stack.url); i++) next = await hop(next, issuerJar);
  const callback = new URL(next);
  return {
    callback: next,
    code: callback.searchParams.get("code"),
    error: callback.searchParams.get("error_description"),
    siteJar,
  };
}

async function hop(url: string, jar: CookieJar): Promise<string> {
  const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
  jar.take(res);
  const location = res.headers.get("location");
  if (res.status < 300 || res.status >= 400 || !location) {
    throw new Error(`expected a redirect from ${url}, got ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  return new URL(location, url).toString();
}

/** Just enough of a cookie jar for one origin: names and values, deletions honoured. */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
