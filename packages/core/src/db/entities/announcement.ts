import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/** Announcements: one partition, sk id. */
export const AnnouncementEntity = new LazyEntity(
  {
    model: { entity: "announcement", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      title: { type: "string", required: true },
      content: { type: "string", required: true },
      type: { type: ["info", "warning", "success", "error"] as const, required: true, default: "info" },
      target_audience: { type: ["all", "creators", "customers", "admins"] as const, required: true, default: "all" },
      is_active: { type: "boolean", required: true, default: true },
      created_by: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: [], casing: "none" },
        sk: { field: "sk", composite: ["id"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type AnnouncementItem = EntityItem<typeof AnnouncementEntity>;
