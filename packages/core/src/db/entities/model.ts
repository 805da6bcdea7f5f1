import { dynamo, tableName } from "../client";

/**
 * What every entity shares: the one table and client, and the two timestamps. Keys use
 * `casing: "none"` everywhere (Stripe and PayPal ids are case-sensitive).
 */
export const cfg = () => ({ client: dynamo(), table: tableName() });
export const now = () => new Date().toISOString();
export const timestamps = {
  created_at: { type: "string", required: true, default: now, readOnly: true },
  updated_at: { type: "string", required: true, default: now, set: now, watch: "*" },
} as const;
