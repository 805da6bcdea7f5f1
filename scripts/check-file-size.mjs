#!/usr/bin/env node
// Part of `npm run lint`: no source file over 300 lines (tests, fixtures and generated files
// aside). A file that wants more holds two concerns; split it instead of raising the limit.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const LIMIT = 300;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = /\.(ts|tsx|mjs|js|css)$/;
const exempt = /(^|\/)(test|tests|fixtures|__generated__)\/|\.test\.tsx?$|\.d\.ts$|^sst-env\.d\.ts$/;
const files = execSync("git ls-files --cached --others --exclude-standard", { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((f) => source.test(f) && !exempt.test(f));
const long = files
  .map((f) => {
    try {
      return { f, lines: readFileSync(join(root, f), "utf8").split("\n").length - 1 };
    } catch {
      return { f, lines: 0 }; // deleted in the work tree
    }
  })
  .filter((x) => x.lines > LIMIT);
for (const { f, lines } of long) console.error(`✖ ${f}: ${lines} lines (limit ${LIMIT}); split it by concern.`);
if (long.length) process.exit(1);
console.log(`✓ ${files.length} source files, none over ${LIMIT} lines`);
