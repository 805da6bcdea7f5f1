import * as z from "zod";
import { Config } from "@payloft/core/config/index";
import { requestSchemas, responseSchemas, type SchemaMeta } from "@payloft/core/public-api/schemas";
import { routeKey, routes, type RouteDef } from "../routes";
import { operationDocs, type OperationDoc } from "./operations";

/**
 * GET /api/v1/openapi.json: an OpenAPI 3.1 document built from the route table (every
 * /api/v1 row, nothing else) and the zod schemas the API itself validates and answers with.
 * OpenAPI 3.1 uses JSON Schema 2020-12, zod's own JSON Schema output, so no translation.
 */
type Json = Record<string, unknown>;
type Registry = z.core.$ZodRegistry<SchemaMeta>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const ERRORS: Record<number, string> = {
  400: "The request is invalid; `error` says what to fix.",
  401: "No API key, or the key is not valid (revoked keys are refused at once).",
  403: "Not allowed: the plan lacks the public API (`upgrade` names the plan) or a plan limit was reached.",
  404: "Not found, or not yours.",
  429: "Too many requests with this key; wait `retry_after` seconds (also in the Retry-After header).",
};

function components(registry: Registry, io: "input" | "output"): Record<string, Json> {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema;
      return [id, rest];
    }),
  );
}

function idOf(schema: z.ZodType, registry: Registry, what: string): string {
  const id = registry.get(schema)?.id;
  if (!id) throw new Error(`openapi: the ${what} schema is not registered`);
  return id;
}

function parameters(route: RouteDef, doc: OperationDoc) {
  const path = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (!doc.query) return path;
  const json = z.toJSONSchema(doc.query, { io: "input", unrepresentable: "any" }) as Json & {
    properties?: Record<string, Json>;
    required?: string[];
  };
  const query = Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema,
  }));
  return [...path, ...query];
}

function operation(route: RouteDef, doc: OperationDoc) {
  const errors = [
    ...(doc.body || doc.query ? [400] : []),
    ...(doc.open ? [] : [401, 403]),
    ...(route.path.includes("{") ? [404] : []),
    ...(doc.open ? [] : [429]),
  ];
  const ok = doc.response.schema
    ? { content: { "application/json": { schema: ref(idOf(doc.response.schema, responseSchemas, "response")) } } }
    : { content: { "application/json": { schema: { type: "object" } } } };
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(doc.open ? { security: [] } : {}),
    parameters: parameters(route, doc),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref(idOf(doc.body, requestSchemas, "request")) } },
          },
        }
      : {}),
    responses: {
      [String(doc.response.status)]: { description: doc.response.description, ...ok },
      ...Object.fromEntries(
        errors.map((status) => [
          String(status),
          { description: ERRORS[status], content: { "application/json": { schema: ref("Error") } } },
        ]),
      ),
    },
  };
}

/** The /api/v1 rows of the route table; each must have its OperationDoc (a test checks both ways). */
export const v1Routes = () => routes.filter((r) => r.path.startsWith("/api/v1/"));

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of v1Routes()) {
    const doc = operationDocs[routeKey(route)];
    if (!doc) throw new Error(`openapi: no OperationDoc for ${routeKey(route)}`);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, doc);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Payloft API",
      version: "1.0.0",
      description:
        "Your store's products, sales, customers, affiliates and memberships (Business plan). Authenticate with an API key from Settings → API: `Authorization: Bearer pl_live_…`. Amounts are integer cents. Lists are cursor-paginated. Errors answer `{error, code}`.",
    },
    servers: [{ url: Config.siteUrl() || "/" }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "Products", description: "Create, read, update and delete your products." },
      { name: "Sales", description: "Your sales." },
      { name: "Customers", description: "People who bought from you." },
      { name: "Affiliates", description: "People who promote your products, and what you owe them." },
      { name: "Memberships", description: "Buyers' recurring access to your products, and ending it." },
      { name: "Reference", description: "This document." },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key from Settings → API." },
      },
      schemas: { ...components(requestSchemas, "input"), ...components(responseSchemas, "output") },
    },
  };
}
