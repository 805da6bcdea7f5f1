import {
  STRIPE_KEY_PERMISSIONS,
  createRestrictedKeyUrl,
  permissionLabel,
} from "@payloft/core/integration/stripe-permissions";

/**
 * Stripe recommends a restricted key per integration: one that can do only what that
 * integration needs, so a leak costs little. This box lists exactly what Payloft needs (the
 * same list the server checks when the key is saved) and links to Stripe's page with them ticked.
 */
export function RestrictedKeyHelp({ live }: { live: boolean }) {
  return (
    <section aria-labelledby="restricted-key-help" className="rounded-xl border border-brand-200 bg-brand-50/60 p-4">
      <h3 id="restricted-key-help" className="text-sm font-semibold text-slate-900">
        Recommended: a restricted key
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Instead of your secret key, create a restricted key (rk_{live ? "live" : "test"}_…) in Stripe → Developers → API
        keys with only these permissions, and everything else None:
      </p>
      <ul className="mt-3 space-y-1.5 text-sm">
        {STRIPE_KEY_PERMISSIONS.map((p) => (
          <li key={p.slug} className="flex flex-col sm:flex-row sm:gap-2">
            <span className="shrink-0 font-medium text-slate-900 sm:w-48">{permissionLabel(p)}</span>
            <span className="text-slate-600">to {p.why}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <a
          href={createRestrictedKeyUrl(live)}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Create this key in Stripe
        </a>
        <span className="text-slate-600"> · Payloft checks the key&apos;s permissions when you save.</span>
      </p>
    </section>
  );
}
