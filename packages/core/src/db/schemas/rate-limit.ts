import { itemSchema } from "./define";
/** The plain schema of rate-limit items (no ElectroDB import: db/lean reads them too); entities/rate-limit.ts builds the entity from it. */
export const rateLimitSchema = itemSchema({
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
});
