import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { build } from "esbuild";
import { lambdaBuild } from "../../../infra/lambda-build.mjs";

/**
 * The checkout Lambda's bundle budget (500 KB) leaves no room for code it never runs. A domain
 * namespace (Product, Integration, Discount) is compiled as one object, so importing it for one
 * operation bundles all of it: the product and discount input schemas, the integration's save
 * path with its webhook registration. Checkout imports the operations themselves.
 */
async function bundledFiles(handler: string) {
  const result = await build({
    ...lambdaBuild,
    entryPoints: [join(import.meta.dirname, `../src/api/${handler}.ts`)],
    metafile: true,
    write: false,
  });
  return Object.keys(result.metafile.inputs).filter((f) => f.startsWith("packages/core/src/"));
}

describe("the checkout-create-session bundle", () => {
  it("carries the checkout's operations, not the namespaces around them", async () => {
    const files = await bundledFiles("checkout-create-session");
    expect(files).toContain("packages/core/src/checkout/index.ts");
    expect(files).toContain("packages/core/src/integration/credentials.ts");
    for (const namespace of [
      "packages/core/src/product/index.ts",
      "packages/core/src/product/input.ts",
      "packages/core/src/integration/index.ts",
      "packages/core/src/integration/webhook.ts",
      "packages/core/src/discount/index.ts",
      "packages/core/src/discount/input.ts",
    ])
      expect(files, namespace).not.toContain(namespace);
  });
});
