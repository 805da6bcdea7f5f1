import { StripeApiError } from "./errors";
import { maskForError, parseKey, type Account } from "./store";
import { findRestrictedKey, type RestrictedKey } from "./restricted";
import type { Sandbox } from "./context";

/**
 * Resolves the account from `Authorization: Bearer sk_…` (or curl's Basic `sk_…:`), Stripe's
 * 401s otherwise. A restricted key (rk_…) must have been made for an account (./restricted.ts);
 * its grant comes back with the account, for the caller to check the call against.
 */
export function authenticate(
  sb: Sandbox,
  header: string | undefined,
): { account: Account; restricted?: RestrictedKey } {
  let key = "";
  if (header?.startsWith("Bearer ")) key = header.slice(7).trim();
  else if (header?.startsWith("Basic "))
    key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
  if (!key) {
    throw new StripeApiError(
      401,
      "invalid_request_error",
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const parsed = parseKey(key);
  if (!parsed)
    throw new StripeApiError(
      401,
      "invalid_request_error",
      `Invalid API Key provided: ${maskForError(key)}`,
      "api_key_invalid",
    );
  if (parsed.kind === "publishable") {
    throw new StripeApiError(
      401,
      "invalid_request_error",
      "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
      "secret_key_required",
    );
  }
  if (parsed.kind === "restricted") {
    const found = findRestrictedKey(sb.store, key);
    if (!found)
      throw new StripeApiError(
        401,
        "invalid_request_error",
        `Invalid API Key provided: ${maskForError(key)}`,
        "api_key_invalid",
      );
    return { account: found.account, restricted: found.key };
  }
  return { account: sb.store.account(parsed) };
}
