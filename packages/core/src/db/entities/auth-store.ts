import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";

/**
 * OpenAuth issuer storage (signing keys, authorization codes, refresh tokens) on the same
 * table. `ns` + `key` mirror OpenAuth's key parts; `expires_at` (epoch s) is checked on read
 * and is also the table's TTL attribute so stale codes/tokens are removed by DynamoDB.
 */
export const AuthStoreEntity = new LazyEntity(
  {
    model: { entity: "authstore", version: "1", service: "payloft" },
    attributes: {
      ns: { type: "string", required: true },
      key: { type: "string", required: true },
      value: { type: "string", required: true },
      expires_at: { type: "number" },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["ns"], casing: "none" },
        sk: { field: "sk", composite: ["key"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type AuthStoreItem = EntityItem<typeof AuthStoreEntity>;
