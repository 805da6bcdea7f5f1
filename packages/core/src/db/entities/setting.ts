import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { settingSchema } from "../schemas/setting";

/** Platform settings (admin System Settings): one partition, sk key. */
export const SettingEntity = new LazyEntity(settingSchema, cfg());

export type SettingItem = EntityItem<typeof SettingEntity>;
