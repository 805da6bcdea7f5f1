#!/usr/bin/env node
// `npm start` and `npm test` on a machine that has only Node (and Java): install the
// workspace with the pinned pnpm when needed, then run the offline stack or every test.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { selectsJourneys } from "./vitest-args.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pnpmVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1];
const env = {
  ...process.env,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  NODE_NO_WARNINGS: "1",
  // tsx compiles the web app's server-rendered pages too (tsconfig.runtime.json says why).
  TSX_TSCONFIG_PATH: "tsconfig.runtime.json",
};

function run(cmd, args, opts = {}) {
  const out = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env, ...opts });
  if (out.error) throw out.error;
  return out.status ?? 1;
}
function must(cmd, args, what) {
  const code = run(cmd, args);
  if (code !== 0) {
    console.error(`\n✖ ${what} failed (exit ${code}).`);
    process.exit(code);
  }
}
const pnpm = (args, what) => must("npx", ["--yes", `pnpm@${pnpmVersion}`, ...args], what);

function ensureInstalled() {
  const marker = join(root, "node_modules/.modules.yaml");
  const lock = join(root, "pnpm-lock.yaml");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("→ Installing dependencies (pnpm " + pnpmVersion + ")…");
  pnpm(["install", "--frozen-lockfile"], "Installing dependencies");
}

function ensureJava() {
  const out = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (out.error || out.status !== 0) {
    console.error(
      "✖ Java 17+ is needed for DynamoDB Local. Install it (e.g. `apt-get install -y openjdk-17-jre-headless`) and try again.",
    );
    process.exit(1);
  }
}

function ensureChromium() {
  if (existsSync("/usr/bin/chromium") || process.env.CHROMIUM_PATH) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      "✖ Browser tests need Chromium: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).",
    );
    process.exit(1);
  }
  console.log("→ Installing Chromium for the browser tests (apt-get)…");
  must("apt-get", ["update", "-qq"], "apt-get update");
  must(
    "apt-get",
    ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-liberation"],
    "Installing Chromium",
  );
}

const buildWeb = () => pnpm(["--filter", "@payloft/web", "build"], "Building the web app");

const command = process.argv[2];
ensureInstalled();
if (command === "start") {
  ensureJava();
  buildWeb();
  // Not spawnSync: a process manager may signal only us, so pass signals on to the stack.
  const child = spawn("node", ["--import", "tsx", "packages/local/src/main.ts"], { cwd: root, stdio: "inherit", env });
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else if (command === "test" || command === "one") {
  // `npm test -- <file or pattern>` and `npm run test:one -- <file or pattern>` hand the
  // arguments to vitest. The browser and the web build are only needed when a journey runs.
  const args = process.argv.slice(3);
  const journeys = selectsJourneys(root, args);
  ensureJava();
  if (journeys) ensureChromium();
  if (command === "test") {
    must("npm", ["run", "--silent", "lint"], "Lint (eslint + prettier --check)");
    must("node", ["scripts/typecheck.mjs"], "Type-checking (code and infra)");
  }
  if (journeys) buildWeb();
  if (command === "one") process.exit(run("npx", ["vitest", "run", ...args]));
  // One vitest runs both projects, api then e2e. Side by side, on two cores, every API test
  // would share the CPU with Chromium and a second stack; no run has shown that to be faster.
  mkdirSync(join(root, ".e2e"), { recursive: true });
  const report = join(root, ".e2e/vitest.json");
  const code = run("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...args,
  ]);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, "utf8"));
    console.log(
      `\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped`,
    );
  }
  process.exit(code);
} else {
  console.error("usage: node scripts/run.mjs start|test|one [vitest arguments]");
  process.exit(2);
}
