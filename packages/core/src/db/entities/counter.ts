import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { counterSchema } from "../schemas/counter";

/**
 * Running totals, one item per scope (`creator#<id>` or `platform`), updated in the same
 * transaction as the event they count. Dashboards read one item.
 */
export const CounterEntity = new LazyEntity(counterSchema, cfg());

export type CounterItem = EntityItem<typeof CounterEntity>;
