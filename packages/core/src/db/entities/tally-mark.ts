import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";

/**
 * "This stream record's figures were added to this group": written (a create, so once only) in
 * the same transaction as the figures themselves (core/src/tally/fold.ts), which is what makes a
 * sale, a reversal or a view count exactly once however often the stream delivers it. `id` is
 * `<record>|<group>` (e.g. `cs_123|+|creator#u1`). DynamoDB deletes it after three days
 * (`expires_at`, the table's TTL); the stream keeps records 24 hours.
 */
export const TallyMarkEntity = new LazyEntity(
  {
    model: { entity: "tally_mark", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      expires_at: { type: "number", required: true },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type TallyMarkItem = EntityItem<typeof TallyMarkEntity>;
