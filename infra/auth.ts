import { table } from "./storage";
import { secrets } from "./secret";
import { siteUrl } from "./router";

/**
 * The OpenAuth issuer (its own Lambda with a function URL, at the root of its origin as
 * OpenAuth requires), with Google as the identity provider. Google's "Authorized redirect
 * URI" is this issuer's URL + /google/callback (output `authUrl`).
 */
export const auth = new sst.aws.Auth("Auth", {
  issuer: {
    handler: "packages/functions/src/auth/issuer.handler",
    runtime: "nodejs22.x",
    link: [table, secrets.GoogleClientId, secrets.GoogleClientSecret, secrets.AdminEmails],
    environment: { SITE_URL: siteUrl },
  },
});
