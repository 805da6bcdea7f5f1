// Type-checks the application code, then sst.config.ts + infra/* against SST's generated
// platform types (installed offline through npm; see GUIDE §4).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const step = (args) => {
  const out = spawnSync("npx", args, { cwd: root, stdio: "inherit" });
  if (out.status !== 0) process.exit(out.status ?? 1);
};
console.log("→ tsc (packages)");
step(["tsc", "-p", "tsconfig.json"]);
console.log("→ tsc (web)");
step(["tsc", "-p", "packages/web/tsconfig.json"]);
