import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";

/**
 * One fixed-window request counter: `bucket` (what is limited, e.g. "sign-in"), `key` (who: an
 * address, an API key), `window` (the window's start, epoch s). Written with an atomic ADD,
 * read back from the same write; `expires_at` is the table's TTL, so old windows vanish.
 */
export const RateLimitEntity = new LazyEntity(
  {
    model: { entity: "ratelimit", version: "1", service: "payloft" },
    attributes: {
      bucket: { type: "string", required: true },
      key: { type: "string", required: true },
      window: { type: "number", required: true },
      count: { type: "number" },
      expires_at: { type: "number" },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["bucket", "key"], casing: "none" },
        sk: { field: "sk", composite: ["window"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type RateLimitItem = EntityItem<typeof RateLimitEntity>;
