import type { Schema } from "electrodb";

/**
 * Types an item schema the way `new Entity(schema)` would infer it, without importing ElectroDB
 * at run time (the import above is type-only): the schema modules must stay ElectroDB-free so the
 * lean read layer (db/lean) can use the same definitions in bundles that carry no ElectroDB.
 */
export const itemSchema = <A extends string, F extends string, C extends string, S extends Schema<A, F, C>>(
  schema: S,
): S => schema;
