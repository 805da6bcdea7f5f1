import { api } from "../http/api";
import { reply } from "../http/request";
import { openApiDocument } from "../openapi/document";

/** GET /api/v1/openapi.json: the public API's OpenAPI 3.1 document (no key needed to read it). */
export const handler = api(async () => reply(200, openApiDocument(), { "cache-control": "public, max-age=300" }));
