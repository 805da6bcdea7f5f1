import { itemSchema } from "./define";
import { timestamps } from "./timestamps";

/** The plain schema of store items (no ElectroDB import: db/lean reads them too); entities/store.ts builds the entity from it. */
export const storeSchema = itemSchema({
  model: { entity: "store", version: "1", service: "payloft" },
  attributes: {
    user_id: { type: "string", required: true },
    handle: { type: "string", required: true },
    bio: { type: "string", default: "" },
    avatar_url: { type: "string" },
    /** #rrggbb; applied only while the owner's plan includes custom branding. */
    accent_color: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["user_id"], casing: "none" },
      sk: { field: "sk", composite: [], casing: "none" },
    },
  },
});
