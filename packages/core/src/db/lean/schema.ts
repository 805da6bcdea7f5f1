import { fromStored, type Stored } from "./attr";

/**
 * What the lean layer needs of an item type's one schema (db/schemas: the same object its
 * ElectroDB entity is built from), and how ElectroDB turns that schema into keys and items.
 * Only what our schemas use: `casing: "none"` keys and plain attributes (no `get` mutators).
 */
interface KeyDef {
  field: string;
  composite: readonly string[];
  casing?: string;
}
export interface LeanSchema {
  model: { entity: string; version: string; service: string };
  attributes: Record<string, { field?: string; type?: unknown }>;
  indexes: Record<string, { index?: string; pk: KeyDef; sk?: KeyDef }>;
}
export type KeyValues = Record<string, string | number>;

/** ElectroDB's item identifiers: which item type (and model version) wrote an item. */
export const ENTITY_FIELD = "__edb_e__";
export const VERSION_FIELD = "__edb_v__";

/** `<prefix>#attr_value#attr_value`, as ElectroDB composes a key with casing "none". */
function compose(prefix: string, def: KeyDef, values: KeyValues): string {
  if ((def.casing ?? "none") !== "none") throw new Error(`lean keys support casing "none" only (${def.field})`);
  let key = prefix;
  for (const attr of def.composite) {
    const value = values[attr];
    if (value === undefined || value === "") throw new Error(`missing key attribute "${attr}" for ${def.field}`);
    key += `#${attr}_${value}`;
  }
  return key;
}

/** The index's key fields for these attribute values: `$service#…` and `$entity_version#…`. */
export function keyOf(schema: LeanSchema, values: KeyValues, indexName = "primary"): Record<string, string> {
  const index = schema.indexes[indexName];
  if (!index) throw new Error(`${schema.model.entity} has no index "${indexName}"`);
  const { service, entity, version } = schema.model;
  const key = { [index.pk.field]: compose(`$${service}`, index.pk, values) };
  if (index.sk) key[index.sk.field] = compose(`$${entity}_${version}`, index.sk, values);
  return key;
}

/** The table's stored field of each attribute (the attribute's own name unless it sets `field`). */
export const fieldOf = (schema: LeanSchema, attribute: string) => schema.attributes[attribute]?.field ?? attribute;

/**
 * A stored item as ElectroDB returns it: only the schema's attributes (keys, index fields and
 * identifiers dropped), or null when another item type (or model version) wrote it.
 */
export function readItem<T>(schema: LeanSchema, stored: Stored | undefined): T | null {
  if (!stored) return null;
  const raw = fromStored(stored);
  if (raw[ENTITY_FIELD] !== schema.model.entity || raw[VERSION_FIELD] !== schema.model.version) return null;
  const item: Record<string, unknown> = {};
  for (const name of Object.keys(schema.attributes)) {
    const field = fieldOf(schema, name);
    if (field in raw) item[name] = raw[field];
  }
  return item as T;
}
