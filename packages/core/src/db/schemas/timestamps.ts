/**
 * The two timestamps every timestamped item type carries. Plain data, no ElectroDB import:
 * the item schemas built from it are read by the ElectroDB-free lean layer too (db/lean).
 */
export const now = () => new Date().toISOString();
export const timestamps = {
  created_at: { type: "string", required: true, default: now, readOnly: true },
  updated_at: { type: "string", required: true, default: now, set: now, watch: "*" },
} as const;
