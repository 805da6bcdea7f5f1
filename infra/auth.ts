import { ISSUER_LINKS } from "../packages/functions/src/links";
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
    link: ISSUER_LINKS.map((name) => (name === "Table" ? table : secrets[name])),
    environment: { SITE_URL: siteUrl },
  },
});
