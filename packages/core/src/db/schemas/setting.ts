import { itemSchema } from "./define";
import { timestamps } from "./timestamps";

/** The plain schema of setting items (no ElectroDB import: db/lean reads them too); entities/setting.ts builds the entity from it. */
export const settingSchema = itemSchema({
  model: { entity: "setting", version: "1", service: "payloft" },
  attributes: {
    key: { type: "string", required: true },
    value: { type: "string", required: true },
    description: { type: "string", default: "" },
    category: {
      type: ["branding", "landing", "contact", "finance", "emails", "moderation", "limits", "system"] as const,
      required: true,
    },
    updated_by: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: [], casing: "none" },
      sk: { field: "sk", composite: ["key"], casing: "none" },
    },
  },
});
