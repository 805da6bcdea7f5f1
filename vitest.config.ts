import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** `@/x` is packages/web/src/x (as in tsconfig.json): the page Lambda renders the web app's pages. */
const resolve = {
  alias: [{ find: /^@\//, replacement: fileURLToPath(new URL("./packages/web/src/", import.meta.url)) }],
};

/** Each test file runs within one UTC day: one starting just before midnight waits for it. */
const ONE_UTC_DAY = "packages/local/src/testing/one-utc-day.ts";

/**
 * One vitest run covers the workspace:
 *  - "api": core, handler and local-runtime tests against DynamoDB Local (started once by
 *    the global setup; every test file gets its own table and its own in-process stack);
 *  - "e2e": browser journeys in Debian's Chromium against a full local stack.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "api",
          include: ["packages/{core,functions,local}/test/**/*.test.ts", "scripts/**/test/*.test.mjs"],
          globalSetup: ["packages/local/src/testing/global-setup.ts"],
          setupFiles: [ONE_UTC_DAY],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          env: { LOG_LEVEL: "SILENT", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          include: ["packages/e2e/test/**/*.test.ts"],
          globalSetup: ["packages/e2e/src/global-setup.ts"],
          setupFiles: [ONE_UTC_DAY],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          pool: "forks",
          fileParallelism: false,
          env: { LOG_LEVEL: "SILENT", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
        },
      },
    ],
  },
});
