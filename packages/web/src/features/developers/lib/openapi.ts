/**
 * The slice of an OpenAPI 3.1 document the reference page reads, and helpers to describe a
 * JSON Schema to a person ("integer, 0–99999999", "array of Product").
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  const?: unknown;
}

export interface Parameter {
  name: string;
  in: "path" | "query";
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: JsonSchema } } }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface OperationEntry extends Operation {
  method: string;
  path: string;
}

/** Operations in document order, grouped by their first tag. */
export function operationsByTag(doc: OpenApiDocument): [string, OperationEntry[]][] {
  const groups = new Map<string, OperationEntry[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ ...op, method: method.toUpperCase(), path });
    }
  return [...groups.entries()].filter(([, ops]) => ops.length);
}

export const refName = (ref: string) => ref.split("/").pop() ?? ref;

export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return schema.$ref ? (doc.components.schemas[refName(schema.$ref)] ?? {}) : schema;
}

/** "string", "integer or null", "array of Product", "one of: none, image". */
export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return `one of: ${schema.enum.join(", ")}`;
  if (schema.const !== undefined) return String(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ["any"];
  return types.map((t) => (t === "array" && schema.items ? `array of ${typeLabel(schema.items)}` : t)).join(" or ");
}

/** Bounds and defaults worth knowing: "1–100", "max 200 chars", "default none". */
export function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    out.push(`${schema.minimum ?? "…"}–${schema.maximum ?? "…"}`);
  if (schema.maxLength !== undefined) out.push(`max ${schema.maxLength} chars`);
  if (schema.default !== undefined && schema.default !== "") out.push(`default ${String(schema.default)}`);
  return out;
}
