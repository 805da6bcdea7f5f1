// One lint for the whole repository (`npm run lint` runs it, then `prettier --check`).
// Not type-aware: the type-aware rules doubled the run on a 2-core machine and `tsc` already
// checks types (scripts/typecheck.mjs). Prettier owns formatting, so its config comes last.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import prettier from "eslint-config-prettier";
import globals from "globals";
import { CORE_IN_THE_BROWSER, webZones } from "./packages/web/boundaries.mjs";
import { entityBlocks } from "./packages/core/entity-users.mjs";

/** `import { z } from "zod"` makes every bundle carry zod's whole locale set (about 350 KB in a
 * Lambda); `import * as z from "zod"` lets esbuild drop what is not used. */
const ZOD_NAMED_IMPORT = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
  message: 'Use `import * as z from "zod"`: the named import bundles all of zod.',
};

/**
 * The web names a query's key only in its factory (`xQuery().queryKey`, `xKeys.all`): an
 * invalidation, removal or write that spells the key out again misses the query the day the
 * factory's key changes.
 */
const QUERY_KEY_MESSAGE = "Name the key through its query factory (xQuery().queryKey or xKeys), not spelled out again.";
const QUERY_KEY_LITERAL = [
  "CallExpression[callee.property.name=/^(invalidate|refetch|remove|reset|cancel)Queries$/] > ObjectExpression > Property[key.name='queryKey'] > ArrayExpression",
  "CallExpression[callee.property.name=/^(set|get)QueryData$/] > ArrayExpression:first-child",
].map((selector) => ({ selector, message: QUERY_KEY_MESSAGE }));

/** A bus event's detail is an envelope: code reads `detail.properties` (the event) and `detail.metadata`, nothing else. */
const ENVELOPE = "/^(metadata|properties)$/";
const BUS_ENVELOPE = [
  `MemberExpression[object.name='detail'][property.name!=${ENVELOPE}]`,
  `MemberExpression[object.property.name='detail'][property.name!=${ENVELOPE}]`,
].map((selector) => ({
  selector,
  message: "Read a bus event through its envelope: detail.properties (the event) or detail.metadata.",
}));

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".sst/**", ".local/**", ".e2e/**", "coverage/**", "sst-env.d.ts"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.json", "packages/web/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // A cycle makes load order decide behaviour and keeps features from splitting into chunks.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-syntax": ["error", ZOD_NAMED_IMPORT],
      // The domain's convention: one namespace per concern (Product.create, Plan.change), declared in its module.
      "@typescript-eslint/no-namespace": "off",
      // `_name` marks a parameter or binding kept on purpose (a handler's signature, a destructured leftover).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The server side publishes and handles bus events (core, functions, and the local bus).
    files: ["packages/{core,functions,local}/src/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", ZOD_NAMED_IMPORT, ...BUS_ENVELOPE] },
  },
  // Each entity is used only by its owner and the folders listed beside it (packages/core/entity-users.mjs).
  ...entityBlocks(import.meta.dirname),
  {
    files: ["packages/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The hook rules. The plugin's React Compiler rules (set-state-in-effect, refs, purity…) are left
      // out: the app is not compiled by React Compiler, and those rules judge code for its memoisation.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Our labels wrap a control plus a title and a hint in nested spans: look three levels deep for the text.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
      "no-restricted-syntax": ["error", ZOD_NAMED_IMPORT, ...QUERY_KEY_LITERAL],
      // Web code names other folders through the @/ alias, so moving a file never breaks its imports.
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../*"], message: "Import through the @/ alias (src/), not a parent-relative path." }] },
      ],
      // Nothing of the server runs in the browser: of core, types only, but for its browser-safe modules.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^@payloft/core/(?!(?:${CORE_IN_THE_BROWSER.join("|")})$)`,
              allowTypeImports: true,
              message: "The web takes only types from this core module (import type); see CORE_IN_THE_BROWSER.",
            },
          ],
        },
      ],
      // Features meet only through their faces, along an acyclic table (packages/web/boundaries.mjs).
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: webZones(import.meta.dirname) },
      ],
    },
  },
  {
    // Plain scripts other sites load (/embed.js): browser globals, no modules.
    files: ["packages/web/public/**/*.js"],
    languageOptions: { globals: { ...globals.browser }, sourceType: "script" },
  },
  {
    // Tests and their helpers read JSON answers whose shape the assertions check, not the types.
    files: ["packages/*/test/**", "packages/local/src/testing/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The provider sandboxes stand in for Stripe's and PayPal's loose JSON APIs; they read and write fields freely.
    files: ["packages/local/src/*-sandbox/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // sst.config.ts and infra/* run inside SST's program, which declares $config, sst, aws… as globals.
    files: ["sst.config.ts", "infra/**/*.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  prettier,
);
