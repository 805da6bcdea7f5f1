// esbuild's options for a Lambda bundle, as SST builds a Node function (its Go builder: bundle,
// minify, ESM, platform node, target es2023 for nodejs22.x, keepNames, the `module` field first,
// `@aws-sdk/*` left to the runtime that provides it, a `require` for CommonJS dependencies) plus
// our `nodejs.plugins` (infra/lambda-plugins.mjs, set in infra/defaults.ts).
//
// The bench's lambda benchmark and the tests that inspect a bundle build with these, so what
// they measure is what a deploy ships. Spread them and add what the caller needs (entry points,
// metafile, write: false).
import lambdaPlugins from "./lambda-plugins.mjs";

export const lambdaBuild = {
  bundle: true,
  minify: true,
  format: "esm",
  platform: "node",
  target: "es2023",
  keepNames: true,
  mainFields: ["module", "main"],
  plugins: lambdaPlugins,
  external: ["@aws-sdk/*"],
  banner: {
    js: "import { createRequire as topLevelCreateRequire } from 'module';const require = topLevelCreateRequire(import.meta.url);",
  },
  logLevel: "error",
};
