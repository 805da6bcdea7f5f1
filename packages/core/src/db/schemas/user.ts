import { itemSchema } from "./define";
import { timestamps } from "./timestamps";

/** The plain schema of user items (no ElectroDB import: db/lean reads them too); entities/user.ts builds the entity from it. */
export const userSchema = itemSchema({
  model: { entity: "user", version: "1", service: "payloft" },
  attributes: {
    id: { type: "string", required: true },
    email: { type: "string", required: true },
    name: { type: "string", required: true, default: "" },
    picture: { type: "string" },
    google_sub: { type: "string" },
    role: { type: ["admin", "creator", "customer"] as const },
    is_admin: { type: "boolean", required: true, default: false },
    onboarding_completed: { type: "boolean", required: true, default: false },
    /** free | starter | pro | business | lifetime; anything else reads as free (rule: Unknown plans are free). */
    plan: { type: "string", required: true, default: "free" },
    billing_cycle: { type: "string" },
    /**
     * Where the plan came from: admin (granted, never billed; subscription webhooks do not
     * overwrite it), subscription, lifetime, or self (the person chose Free). Unset on older items.
     */
    plan_source: { type: ["admin", "subscription", "lifetime", "self"] as const },
    /** Deactivation set the subscription to end at period end; reactivation undoes exactly that. */
    cancel_set_by_deactivation: { type: "boolean" },
    /** Deactivation is its own state, not onboarding_completed (rule: Deactivation). */
    deactivated: { type: "boolean", required: true, default: false },
    stripe_customer_id: { type: "string" },
    subscription_id: { type: "string" },
    subscription_status: { type: "string" },
    /** Time of the last subscription event applied, to ignore stale, out-of-order events. */
    subscription_event_at: { type: "number" },
    /** Live products owned; the plan limit is enforced on it with a condition (rule: Plan limits). */
    product_count: { type: "number", required: true, default: 0 },
    granted_by: { type: "string" },
    /** Days an affiliate link's cookie attributes sales to its affiliate (1–90; absent: 30). */
    affiliate_cookie_days: { type: "number" },
    last_login_at: { type: "string" },
    /** The identity provider's own name for the person (users/me google_user_data.name). */
    google_name: { type: "string" },
    /** Epoch ms of the last logout: sessions signed in before it are refused (server-side logout). */
    sessions_revoked_at: { type: "number" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["id"], casing: "none" },
      sk: { field: "sk", composite: [], casing: "none" },
    },
    all: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: [], casing: "none" },
      sk: { field: "gsi2sk", composite: ["created_at"], casing: "none" },
    },
  },
});
