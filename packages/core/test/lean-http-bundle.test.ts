import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { lambdaBuild } from "../../../infra/lambda-build.mjs";

/**
 * The point of httpCall is that a Lambda using it never loads the SDK's DynamoDB client at
 * cold start. It uses the SDK's types only; one value taken from the SDK (a command class, an
 * error class to compare with) would bring the whole client back without any other test
 * noticing, so the bundle is built as a Lambda's is and what it carries is checked.
 */
describe("httpCall's Lambda bundle", () => {
  it("carries nothing of the AWS SDK and stays small", async () => {
    const result = await build({
      ...lambdaBuild,
      entryPoints: [fileURLToPath(new URL("../src/db/lean/http.ts", import.meta.url))],
      metafile: true,
      write: false,
    });
    const output = Object.values(result.metafile.outputs)[0]!;
    const imported = output.imports.map((i) => i.path);
    expect(Object.keys(output.inputs).filter((p) => p.includes("/@aws-sdk/"))).toEqual([]);
    expect(
      imported.every((p) => p.startsWith("node:") || ["http", "https", "crypto", "async_hooks", "module"].includes(p)),
    ).toBe(true);
    // The signer and its helpers: about 22 KB; the SDK's DynamoDB client is several hundred.
    expect(output.bytes).toBeLessThan(40 * 1024);
  });
});
