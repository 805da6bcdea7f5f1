import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { routes, routeKey, handlerModule } from "@payloft/functions/routes";
import { matchRoute } from "../src/gateway";

const root = join(__dirname, "../../..");

describe("route table", () => {
  it("has no duplicate method+path", () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("every row points at a handler module that exports a handler through api() (keyApi() for API-key rows)", () => {
    for (const r of routes) {
      const file = join(root, `${handlerModule(r)}.ts`);
      expect(existsSync(file), `${routeKey(r)} -> ${file}`).toBe(true);
      const wrapper = r.access === "apikey" ? /export const handler = keyApi\(/ : /export const handler = api\(/;
      expect(readFileSync(file, "utf8"), file).toMatch(wrapper);
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

  it("infra/api.ts declares its routes from the same table", () => {
    const infra = readFileSync(join(root, "infra/api.ts"), "utf8");
    expect(infra).toMatch(/from "\.\.\/packages\/functions\/src\/routes"/);
    expect(infra).toMatch(/for \(const route of routes\)/);
    expect(infra).not.toMatch(/["'`](GET|POST|PUT|DELETE) \/api\//);
  });
});
