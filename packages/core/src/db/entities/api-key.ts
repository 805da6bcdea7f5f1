import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A creator's API key for the public REST API. Only the SHA-256 of the key is stored and it IS
 * the primary key, so checking a presented key is one strongly consistent GetItem (a revoked,
 * i.e. deleted, key fails on the very next call). `id` is the public handle the screens use;
 * a creator's keys (list, revoke by id): gsi1 by user, newest first.
 */
export const ApiKeyEntity = new LazyEntity(
  {
    model: { entity: "api_key", version: "1", service: "payloft" },
    attributes: {
      key_hash: { type: "string", required: true },
      id: { type: "string", required: true },
      user_id: { type: "string", required: true },
      name: { type: "string", required: true },
      /** The first characters of the key (`pl_live_AbCd`), enough to recognise it, never to use it. */
      prefix: { type: "string", required: true },
      last_used_at: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["key_hash"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["user_id"], casing: "none" },
        sk: { field: "gsi1sk", composite: ["created_at"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type ApiKeyItem = EntityItem<typeof ApiKeyEntity>;
