import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { dailyStatSchema } from "../schemas/daily-stat";

/**
 * Daily figures written at event time, so charts read ≤ 30 items. scope is
 * `creator#<id>`, `product#<id>` or `platform`; date is YYYY-MM-DD (UTC).
 */
export const DailyStatEntity = new LazyEntity(dailyStatSchema, cfg());

export type DailyStatItem = EntityItem<typeof DailyStatEntity>;
