import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { build } from "esbuild";
import { lambdaBuild } from "../../../infra/lambda-build.mjs";

/**
 * The page Lambda renders with react-dom/server. React's packages choose their development or
 * production build at run time by process.env.NODE_ENV, so a bundle built without NODE_ENV
 * defined carried both (react-dom alone 583 KB of the 1,375 KB bundle). Built as a deploy builds
 * it (infra/lambda-bundling.mjs defines NODE_ENV as "production"), only the production builds are in.
 */
describe("the page Lambda's bundle", () => {
  it("carries React's production builds only", async () => {
    const result = await build({
      ...lambdaBuild,
      entryPoints: [join(import.meta.dirname, "../src/pages/handler.ts")],
      metafile: true,
      write: false,
      outfile: "pages.mjs",
    });
    const inputs = Object.keys(result.metafile.inputs);
    const react = inputs.filter((f) => /(?:^|[\\/])node_modules[\\/].*[\\/]react(?:-dom)?[\\/]cjs[\\/]/.test(f));
    expect(
      react.some((f) => /react-dom-server.*\.production\.js$/.test(f)),
      react.join("\n"),
    ).toBe(true);
    expect(react.filter((f) => /\.development\.js$/.test(f))).toEqual([]);
    const code = result.outputFiles[0]!.text;
    // The development builds' own warning text, as a second witness.
    expect(code).not.toContain("Each child in a list should have a unique");
  });
});
