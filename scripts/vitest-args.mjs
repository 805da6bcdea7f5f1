// Which tests `npm test -- <args>` and `npm run test:one -- <args>` pick (scripts/run.mjs),
// so Chromium and the web build are only prepared when a browser journey will run.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** vitest options that take a value as the next argument (so that value is not a file filter). */
const VALUED = new Set([
  "-t",
  "--testNamePattern",
  "--project",
  "--reporter",
  "--outputFile",
  "--maxWorkers",
  "--shard",
  "--bail",
  "--testTimeout",
  "--hookTimeout",
  "--config",
  "-c",
  "--root",
  "-r",
  "--dir",
  "--exclude",
]);

/** The file filters and the projects named in vitest arguments. */
function parse(args) {
  const filters = [];
  const projects = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--project") projects.push(args[++i]);
    else if (arg.startsWith("--project=")) projects.push(arg.slice("--project=".length));
    else if (VALUED.has(arg)) i++;
    else if (!arg.startsWith("-")) filters.push(arg.replace(/^\.\//, ""));
  }
  return { filters, projects };
}

/**
 * Do these arguments run any browser journey? vitest matches a filter against each test file's
 * path, so a filter selects a journey when some file under packages/e2e/test contains it.
 */
export function selectsJourneys(root, args) {
  const { filters, projects } = parse(args);
  if (projects.length) return projects.includes("e2e");
  if (!filters.length) return true;
  const dir = join(root, "packages/e2e/test");
  const journeys = readdirSync(dir)
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => relative(root, join(dir, f)));
  return journeys.some((file) => filters.some((f) => file.includes(f) || join(root, file).includes(f)));
}
