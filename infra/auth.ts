import { ISSUER_LINKS } from "../packages/functions/src/links";
import { table } from "./storage";
import { secrets } from "./secret";
import { originSecretInjection, siteUrl } from "./router";
import { settings } from "./stage";

/**
 * The OpenAuth issuer, with Google as the identity provider. OpenAuth must sit at the root of
 * its origin, so it has its own CloudFront distribution in front of its Lambda: the URL is
 * stable per stage (`auth.<PAYLOFT_DOMAIN>`, or the distribution's URL), not the function URL,
 * which changes whenever the function is replaced and would break Google's registered redirect
 * and every issued token's `iss`. Its storage is the main table (AuthStorage; private keys
 * sealed under AuthStorageKey): no separate auth table, which sst.aws.Auth would create.
 * Google's "Authorized redirect URI" is this URL + /google/callback (output `googleRedirectUri`).
 */
export const issuer = new sst.aws.Function("AuthIssuer", {
  handler: "packages/functions/src/auth/issuer.handler",
  runtime: "nodejs22.x",
  url: true,
  link: ISSUER_LINKS.map((name) => (name === "Table" ? table : secrets[name])),
  environment: { SITE_URL: siteUrl },
});

const authRouter = new sst.aws.Router("AuthRouter", {
  ...(settings.domain ? { domain: { name: `auth.${settings.domain}` } } : {}),
  // The issuer refuses requests without the origin secret: its function URL answers nobody else.
  edge: { viewerRequest: { injection: originSecretInjection } },
});
authRouter.route("/", issuer.url);

export const authUrl = authRouter.url;

/** What the API routes link as `Resource.Auth`: where to verify sessions and send people to sign in. */
export const auth = new sst.Linkable("Auth", { properties: { url: authUrl } });
