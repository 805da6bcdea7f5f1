import { esc, layout } from "./pages";
import { KNOWN_PERMISSIONS, type RestrictedKey } from "./restricted";

/**
 * The sandbox's "Create restricted key" page, standing in for Stripe's dashboard: the account's
 * secret key, the permissions to grant (Payloft's are ticked), and the new key once made.
 */
const PAYLOFT_NEEDS = new Set([
  "rak_checkout_session_write",
  "rak_webhook_write",
  "rak_refund_write",
  "rak_payment_intent_read",
  "rak_charge_read",
]);

export function restrictedKeyPage(opts: { made?: RestrictedKey; error?: string; secretKey?: string } = {}) {
  const boxes = KNOWN_PERMISSIONS.map(
    (p) =>
      `<label style="display:flex;gap:.5rem;align-items:center;margin:.25rem 0;font-weight:400"><input type="checkbox" name="permissions[]" value="${esc(p)}" style="width:auto"${PAYLOFT_NEEDS.has(p) ? " checked" : ""}><code>${esc(p)}</code></label>`,
  ).join("");
  const made = opts.made
    ? `<div class="card" style="margin-bottom:1.5rem"><strong>Restricted key created</strong><p class="muted">Copy it into Payloft's Payment Setup.</p><code class="wrapall" data-testid="restricted-key">${esc(opts.made.key)}</code><p class="muted">${opts.made.permissions.map(esc).join(", ") || "no permissions"}</p></div>`
    : "";
  return layout(
    "Payments sandbox · restricted keys",
    `<main class="wrap"><div class="row"><h1 style="margin:0">Create a restricted key</h1><span class="badge">Local</span></div>
    <p class="muted">What Stripe's dashboard does under Developers → API keys → Create restricted key. <a href="/events">Events</a></p>
    ${made}${opts.error ? `<p class="error">${esc(opts.error)}</p>` : ""}
    <form class="card" method="post" action="/__sandbox/restricted_keys">
      <label for="secret_key">The account's secret key</label>
      <input id="secret_key" name="secret_key" placeholder="sk_test_…" value="${esc(opts.secretKey ?? "")}" required>
      <fieldset style="border:0;padding:0;margin:1rem 0 0"><legend style="font-size:.85rem;font-weight:500">Permissions (write includes read)</legend>${boxes}</fieldset>
      <button class="btn">Create key</button>
    </form></main>`,
  );
}
