import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { routes, routeKey, handlerModule } from "@payloft/functions/routes";
import { matchRoute } from "../src/gateway";

const root = join(__dirname, "../../..");

describe("route table", () => {
  it("has no duplicate method+path", () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("every row's module exports a handler that is the api() wrapper", async () => {
    for (const r of routes) {
      const { handler } = (await import(/* @vite-ignore */ join(root, `${handlerModule(r)}.ts`))) as {
        handler: (event: unknown) => Promise<{ statusCode: number; body: string }>;
      };
      // The wrapper finds its row by the event's route key: one it does not know is its 404.
      // (Which caller each row lets in, an API key (keyApi) or a cookie, is access-matrix.test.ts.)
      const answer = await handler({ routeKey: "GET /no-such-route", headers: {}, requestContext: {} });
      expect({ status: answer.statusCode, code: JSON.parse(answer.body).code }, routeKey(r)).toEqual({
        status: 404,
        code: "route.unknown",
      });
    }
  });

  it("the local gateway serves exactly the table's routes", () => {
    for (const r of routes) {
      const concrete = r.path.replace(/\{(\w+)\+?\}/g, "x1");
      const hit = matchRoute(r.method, concrete);
      expect(hit, routeKey(r)).toBeTypeOf("object");
      if (typeof hit === "object") expect(routeKey(hit.route)).toBe(routeKey(r));
    }
  });
});
