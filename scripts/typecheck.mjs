// Type-checks the application code, then sst.config.ts + infra/* against SST's generated
// platform types. Those types are installed offline through npm (no Pulumi or Bun download) into .sst/platform
// (git-ignored) the first time, and again only when the installed sst version changes.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = {
  ...process.env,
  // No Bun/Pulumi downloads (no internet here): providers come from the npm registry.
  SST_NO_BUN: "1",
  SST_SKIP_DEPENDENCY_CHECK: "1",
  SST_TELEMETRY_DISABLED: "1",
};

// Every check runs even when an earlier one fails, so one run shows all the errors.
const failed = [];
function step(title, args) {
  console.log(`→ ${title}`);
  const started = Date.now();
  const out = spawnSync("npx", args, { cwd: root, stdio: "inherit", env });
  if (out.status !== 0) {
    console.error(`✖ ${title} failed.`);
    failed.push(title);
    return false;
  }
  console.log(`  ✓ ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return true;
}

/** .sst/platform is stale when missing or written by another sst version than the one installed. */
function platformIsCurrent() {
  const versionFile = join(root, ".sst/platform/version");
  const configTypes = join(root, ".sst/platform/config.d.ts");
  if (!existsSync(versionFile) || !existsSync(configTypes)) return false;
  const installed = JSON.parse(readFileSync(join(root, "node_modules/sst/package.json"), "utf8")).version;
  return readFileSync(versionFile, "utf8").trim() === installed;
}

const only = process.argv[2]; // "infra" runs only the infra part
if (only !== "infra") {
  step("tsc (packages)", ["tsc", "-p", "tsconfig.json"]);
  step("tsc (web)", ["tsc", "-p", "packages/web/tsconfig.json"]);
}
// About 1.5 min cold: it npm-installs @pulumi/aws and SST's platform sources.
const platformReady =
  platformIsCurrent() ||
  step("sst install (platform types for infra, first run only)", ["sst", "install", "--stage", "typecheck"]);
if (platformReady) step("tsc (sst.config.ts + infra)", ["tsc", "-p", "infra/tsconfig.json"]);
if (failed.length) {
  console.error(`✖ Type errors in: ${failed.join("; ")}`);
  process.exit(1);
}
