/**
 * A bundle's items as a checkout snapshots them and a purchase delivers them (rule: Bundles):
 * what each item was sold as (its content, whether it has keys), so deleting or changing an item
 * later changes nothing its buyers got (rule: Paid means delivered). The purchase adds each
 * item's own access link token and licence key.
 */
const snapshot = {
  product_id: { type: "string", required: true },
  name: { type: "string", required: true },
  content_url: { type: "string" },
  content_file: { type: "string" },
  content_file_name: { type: "string" },
  license_keys: { type: "boolean" },
} as const;

export const bundleSnapshotAttribute = { type: "list", items: { type: "map", properties: snapshot } } as const;

export const bundleDeliveryAttribute = {
  type: "list",
  items: {
    type: "map",
    properties: { ...snapshot, license_key: { type: "string" }, access_token: { type: "string", required: true } },
  },
} as const;
