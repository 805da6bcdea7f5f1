import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { Entity } from "electrodb";
import { useStack } from "@payloft/local/testing/index";
import { lambdaBuild } from "../../../infra/lambda-build.mjs";

const stack = useStack();

/** A model only ElectroDB's JSON-schema check refuses: `required` must be a boolean. */
const invalidModel = {
  model: { entity: "broken", version: "1", service: "payloft" },
  attributes: { id: { type: "string", required: "yes" } },
  indexes: { primary: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } },
};
const validModel = {
  model: { entity: "fine", version: "1", service: "payloft" },
  attributes: { id: { type: "string", required: true } },
  indexes: { primary: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } },
};

// Lambda bundles leave ElectroDB's model check out (infra/lambda-plugins.mjs): this file is
// where every model of ours still goes through it.
describe("ElectroDB model validation", () => {
  it("runs in the tests, with the real schema check, on every entity of the table", async () => {
    stack();
    expect(() => new Entity(invalidModel as never)).toThrow(/required is not of a type\(s\) boolean/);
    const entities = await import("../src/db/entities");
    const built = Object.entries(entities).filter(([name]) => name.endsWith("Entity"));
    expect(built.length).toBeGreaterThan(15);
    for (const [name, entity] of built) {
      // Reading the schema builds the entity (they are built on first use), which validates its model.
      expect((entity as unknown as { schema: object }).schema, name).toBeTruthy();
    }
    expect((entities.Db as unknown as { entities: object }).entities).toBeTruthy();
  });

  it("is the only thing the Lambda bundles change: ElectroDB there builds and uses a valid model the same way", async () => {
    const result = await build({
      ...lambdaBuild,
      stdin: { contents: 'export { Entity } from "electrodb";', resolveDir: import.meta.dirname, loader: "js" },
      metafile: true,
      write: false,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((f) => f.includes("/jsonschema/"))).toBe(false);
    expect(inputs.some((f) => f.includes("/electrodb/src/entity.js"))).toBe(true);
    const file = join(mkdtempSync(join(tmpdir(), "electrodb-bundle-")), "electrodb.mjs");
    writeFileSync(file, result.outputFiles[0]!.text);
    const bundled = (await import(pathToFileURL(file).href)) as { Entity: typeof Entity };
    const key = (E: typeof Entity) =>
      new E(validModel as never, { table: "t" }).get({ id: "p1" } as never).params<{ Key: object }>().Key;
    expect(key(bundled.Entity)).toEqual(key(Entity));
    // What the bundle gives up: a broken model is no longer refused there (the first test refuses it).
    expect(() => new bundled.Entity(invalidModel as never)).not.toThrow();
  });
});
