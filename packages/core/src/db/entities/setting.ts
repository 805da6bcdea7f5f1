import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/** Platform settings (admin System Settings): one partition, sk key. */
export const SettingEntity = new LazyEntity(
  {
    model: { entity: "setting", version: "1", service: "payloft" },
    attributes: {
      key: { type: "string", required: true },
      value: { type: "string", required: true },
      description: { type: "string", default: "" },
      category: {
        type: ["branding", "contact", "finance", "emails", "moderation", "limits", "system"] as const,
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
  },
  cfg(),
);

export type SettingItem = EntityItem<typeof SettingEntity>;
