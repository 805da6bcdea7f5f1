import { itemSchema } from "./define";

/** The plain schema of unique claims (no ElectroDB import: db/lean reads them too); entities/unique.ts builds the entity from it. */
export const uniqueSchema = itemSchema({
  model: { entity: "unique", version: "1", service: "payloft" },
  attributes: {
    scope: { type: "string", required: true },
    value: { type: "string", required: true },
    owner_id: { type: "string", required: true },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["scope", "value"], casing: "none" },
      sk: { field: "sk", composite: [], casing: "none" },
    },
  },
});
