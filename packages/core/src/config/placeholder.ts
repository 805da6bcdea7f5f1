/**
 * What a secret holds until the operator sets it, for the secrets whose value comes from a
 * service that needs an address the first deploy prints (the Stripe webhook's signing secret,
 * the Google OAuth client). SST refuses to deploy while a secret with no placeholder is unset,
 * so without one the first deploy could not happen (README, "Deploying to a fresh AWS
 * account"). The startup check (config/check.ts) refuses it: the routes that need the secret
 * answer 503 until it is set, and nothing is ever verified against a known value.
 */
export const SECRET_PLACEHOLDER = "unset-set-it-after-the-first-deploy";
