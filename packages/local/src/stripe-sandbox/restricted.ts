import { StripeApiError } from "./errors";
import { list, str, type FormObject } from "./form";
import { parseKey, randomId, type Account, type SandboxStore } from "./store";

/**
 * Restricted API keys (`rk_test_…`, `rk_live_…`), as Stripe has them: made in the dashboard for
 * one account with a permission per resource (none, read or write; write includes read), and
 * refused with Stripe's own 403 for any call outside them, before the request is looked at
 * further (Stripe checks a key's permissions before it validates ids or parameters).
 */
export interface RestrictedKey {
  key: string;
  /** `rak_<resource>_read` / `rak_<resource>_write` */
  permissions: string[];
  created: number;
}

/** The resource each API path is about, by its first segments; GET reads, anything else writes. */
const RESOURCES: [RegExp, string][] = [
  [/^\/v1\/checkout\/sessions/, "checkout_session"],
  [/^\/v1\/subscriptions/, "subscription"],
  // Stripe keeps Products and their Prices under one permission.
  [/^\/v1\/(products|prices)/, "product"],
  [/^\/v1\/customers/, "customer"],
  [/^\/v1\/payment_intents/, "payment_intent"],
  [/^\/v1\/charges/, "charge"],
  [/^\/v1\/invoiceitems/, "invoice"],
  [/^\/v1\/invoices/, "invoice"],
  [/^\/v1\/refunds/, "refund"],
  [/^\/v1\/webhook_endpoints/, "webhook"],
  [/^\/v1\/balance/, "balance"],
  [/^\/v1\/events/, "event"],
];

/** What Stripe answers a restricted key asking for its own account: this (odd, but Stripe's) permission. */
const ACCOUNT_PERMISSION = "rak_accounts_kyc_id_numbers_read";

export const KNOWN_PERMISSIONS = [
  ...new Set(RESOURCES.flatMap(([, r]) => [`rak_${r}_read`, `rak_${r}_write`])),
  ACCOUNT_PERMISSION,
].sort();

/** The permission a call needs, or null for a path the sandbox does not know (it answers 404 for those). */
export function permissionFor(method: string, path: string): string | null {
  if (path === "/v1/account") return ACCOUNT_PERMISSION;
  const resource = RESOURCES.find(([pattern]) => pattern.test(path))?.[1];
  return resource ? `rak_${resource}_${method === "GET" ? "read" : "write"}` : null;
}

const allows = (granted: string[], needed: string) =>
  granted.includes(needed) || (needed.endsWith("_read") && granted.includes(needed.replace(/_read$/, "_write")));

/** Stripe masks all but the last six characters of a restricted key in this error. */
const masked = (key: string) => {
  const prefix = /^rk_(test|live)_/.exec(key)![0];
  const rest = key.slice(prefix.length);
  return `${prefix}${"*".repeat(Math.max(0, rest.length - 6))}${rest.slice(-6)}`;
};

/** Refuses the call with Stripe's exact 403 when the restricted key lacks its permission. */
export function requirePermission(account: Account, r: RestrictedKey, method: string, path: string) {
  const needed = permissionFor(method, path);
  if (!needed || allows(r.permissions, needed)) return;
  throw new StripeApiError(
    403,
    "invalid_request_error",
    `The provided key '${masked(r.key)}' does not have the required permissions for this endpoint on account '${account.id}'. Having the '${needed}' permission would allow this request to continue.`,
  );
}

/** The account and grant of a restricted key made here; undefined for one never made (Stripe: invalid key). */
export function findRestrictedKey(
  store: SandboxStore,
  key: string,
): { account: Account; key: RestrictedKey } | undefined {
  for (const account of store.accounts.values()) {
    const found = account.restricted_keys?.find((r) => r.key === key);
    if (found) return { account, key: found };
  }
  return undefined;
}

/**
 * What Stripe's dashboard does ("Create restricted key"): `secret_key` names the account (its
 * sk_ key), `permissions[]` the grant. The key is in the same mode as the secret key.
 */
export function createRestrictedKey(store: SandboxStore, p: FormObject): RestrictedKey {
  const secret = parseKey(str(p.secret_key) ?? "");
  if (!secret || secret.kind !== "secret")
    throw new StripeApiError(400, "invalid_request_error", "Give the account's secret key (sk_test_… or sk_live_…).");
  const permissions = list(p.permissions).map(String);
  const unknown = permissions.filter((x) => !KNOWN_PERMISSIONS.includes(x));
  if (unknown.length)
    throw new StripeApiError(400, "invalid_request_error", `Unknown permission: ${unknown.join(", ")}.`);
  const account = store.account(secret);
  const made: RestrictedKey = {
    key: randomId(`rk_${secret.livemode ? "live" : "test"}_`, 99),
    permissions: [...new Set(permissions)],
    created: Math.floor(Date.now() / 1000),
  };
  (account.restricted_keys ??= []).push(made);
  store.changed();
  return made;
}
