/**
 * What a seller's Stripe key must be allowed to do for Payloft, and why: the permissions of
 * the restricted key Payment Setup recommends (Stripe's advice: give each integration a
 * restricted key with only what it needs). Pure data, so the screen lists the same rows the
 * server checks when the key is saved. `slug` is Stripe's own name, as its 403 answer names it.
 */
export interface StripePermission {
  slug: string;
  /** As Stripe's dashboard shows it when creating the key. */
  resource: string;
  access: "Read" | "Write";
  why: string;
}

export const STRIPE_KEY_PERMISSIONS: StripePermission[] = [
  {
    slug: "rak_checkout_session_write",
    resource: "Checkout Sessions",
    access: "Write",
    why: "create your buyers' checkouts and read them back to confirm each payment",
  },
  {
    slug: "rak_webhook_write",
    resource: "Webhook Endpoints",
    access: "Write",
    why: "register the one endpoint that tells Payloft about payments, refunds and disputes",
  },
  { slug: "rak_refund_write", resource: "Refunds", access: "Write", why: "refund a sale from your sales history" },
  {
    slug: "rak_payment_intent_read",
    resource: "PaymentIntents",
    access: "Read",
    why: "find the payment a refund or dispute belongs to",
  },
  { slug: "rak_charge_read", resource: "Charges", access: "Read", why: "read back how much of a payment was refunded" },
];

/** "Checkout Sessions: Write" */
export const permissionLabel = (p: Pick<StripePermission, "resource" | "access">) => `${p.resource}: ${p.access}`;

/** Stripe's page for creating a restricted key with these permissions already ticked. */
export function createRestrictedKeyUrl(live: boolean): string {
  const q = new URLSearchParams({ name: "Payloft" });
  for (const p of STRIPE_KEY_PERMISSIONS) q.append("permissions[]", p.slug);
  return `https://dashboard.stripe.com/${live ? "" : "test/"}apikeys/create?${q}`;
}
