import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";

/** Unique e-mail -> user id. Created with a condition so one e-mail is one person. */
export const EmailEntity = new LazyEntity(
  {
    model: { entity: "email", version: "1", service: "payloft" },
    attributes: {
      email: { type: "string", required: true },
      user_id: { type: "string", required: true },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["email"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type EmailItem = EntityItem<typeof EmailEntity>;
