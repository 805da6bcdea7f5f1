import { Hono, type Env, type Schema } from "hono";
import { Config } from "@payloft/core/config/index";
import { WEB_CLIENT_ID } from "./subjects";

/**
 * Where the issuer may send a sign-in code: exactly the site's own callback, per stage (the
 * stage's SITE_URL). A code sent anywhere else could be exchanged by whoever receives it, and
 * another path of our own site might forward it on; so anything else is refused with a page,
 * before OpenAuth stores or redirects anything.
 */
export function allowedRedirects(): string[] {
  const site = Config.siteUrl();
  return site ? [new URL("/auth/callback", site).href] : [];
}

export function isAllowedRedirect(clientID: string, redirectURI: string): boolean {
  if (clientID !== WEB_CLIENT_ID) return false;
  try {
    return allowedRedirects().includes(new URL(redirectURI).href);
  } catch {
    return false;
  }
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function refusedPage(site: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in link not valid · Payloft</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a}a{color:#4f46e5}</style>
</head><body><h1>This sign-in link is not valid</h1>
<p>It does not lead back to Payloft, so we did not sign you in. Start again from the Payloft site.</p>
${site ? `<p><a href="${escape(site)}/login">Go to sign in</a></p>` : ""}</body></html>`;
}

/** Wraps the issuer: /authorize with any other client or redirect_uri gets the error page (400). */
export function guardRedirects<E extends Env, S extends Schema, B extends string>(inner: Hono<E, S, B>): Hono {
  const outer = new Hono();
  outer.use("/authorize", async (c, next) => {
    if (!isAllowedRedirect(c.req.query("client_id") ?? "", c.req.query("redirect_uri") ?? ""))
      return c.html(refusedPage(Config.siteUrl()), 400, { "cache-control": "no-store" });
    await next();
  });
  outer.route("/", inner);
  return outer;
}
