import { tableName } from "../table-name";
import { fromStored, toAttr, type Stored } from "./attr";
import { call } from "./call";
import { ENTITY_FIELD, VERSION_FIELD, fieldOf, keyOf, readItem, type KeyValues, type LeanSchema } from "./schema";

/**
 * One UpdateItem as ElectroDB writes `update(key).add(add).set(set).go({ response: "all_new" })`:
 * SET the given attributes, the key's own attributes and the item identifiers (so the item reads
 * back as that type), ADD the counters; answers the item after the write. For item types without
 * `watch`ed attributes only (no timestamps): those are ElectroDB's to maintain, so their writes stay
 * on the entity.
 */
export async function addAndSet<T>(
  schema: LeanSchema,
  key: KeyValues,
  change: { add?: Record<string, number>; set?: Record<string, unknown> },
): Promise<T> {
  const watched = Object.entries(schema.attributes).find(([, def]) => "watch" in def);
  if (watched)
    throw new Error(`lean updates do not maintain "${watched[0]}" of ${schema.model.entity}: use the entity`);
  const names: Record<string, string> = {};
  const values: Stored = {};
  const clause = (attribute: string, value: unknown) => {
    const name = `#${attribute}`;
    names[name] = attribute === ENTITY_FIELD || attribute === VERSION_FIELD ? attribute : fieldOf(schema, attribute);
    const attr = toAttr(value);
    if (!attr) throw new Error(`no value for "${attribute}"`);
    values[`:${attribute}_u0`] = attr;
    return `${name} = :${attribute}_u0`;
  };
  const sets = Object.entries({
    ...change.set,
    ...key,
    [ENTITY_FIELD]: schema.model.entity,
    [VERSION_FIELD]: schema.model.version,
  }).map(([a, v]) => clause(a, v));
  const adds = Object.entries(change.add ?? {}).map(([a, v]) => clause(a, v).replace(" = ", " "));
  const out = await call("UpdateItem", {
    TableName: tableName(),
    Key: Object.fromEntries(Object.entries(keyOf(schema, key)).map(([f, v]) => [f, { S: v }])),
    UpdateExpression: [sets.length ? `SET ${sets.join(", ")}` : "", adds.length ? `ADD ${adds.join(", ")}` : ""]
      .filter(Boolean)
      .join(" "),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: "ALL_NEW",
  });
  const item = readItem<T>(schema, out.Attributes);
  if (!item)
    throw new Error(
      `the ${schema.model.entity} written reads as another item type: ${JSON.stringify(fromStored(out.Attributes ?? {}))}`,
    );
  return item;
}
