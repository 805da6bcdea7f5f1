#!/usr/bin/env node
// Part of `npm run lint`: comments, tests and docs explain themselves in this repository's own
// terms. A product rule is cited by its name in docs/product-rules.md (`rule: Access links`,
// `rules: Deactivation; Granted accounts`), and every name cited must be a rule there. Numbers of
// documents the reader does not have (the brief's rulings, the specification's sections, the
// tracker's issues) are refused.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const RULES_PAGE = "docs/product-rules.md";
const rules = new Set(
  [...readFileSync(join(root, RULES_PAGE), "utf8").matchAll(/^### (.+)$/gm)].map((m) => m[1].trim()),
);

const checked = /\.(ts|tsx|mjs|js|md)$/;
const files = execSync("git ls-files --cached --others --exclude-standard", { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((f) => checked.test(f) && /^(packages|infra|scripts|docs)\/|^README\.md$/.test(f));

const outside = [
  [/\bDECISIONS \d+/, "a numbered ruling of an outside document: cite the rule by name"],
  [/§\s*\d/, "a section number of the specification: say what the rule is"],
  [/\b[Ii]ssues? \d+\b/, "an issue number: say what the code does instead"],
];
// `rule: Name` up to `)`, `.`, `,` or the end of the line; `rules: A; B` split on `;`.
const citation = /\brules?: ([A-Z][A-Za-z' ]*(?:; [A-Z][A-Za-z' ]*)*)/g;
// A typed parameter such as `rules: UrlRules` is code, not a citation.
const identifier = /^[A-Z][a-z]+[A-Z]\w*$/;

const problems = [];
for (const file of files) {
  if (file === "scripts/check-citations.mjs") continue;
  let text;
  try {
    text = readFileSync(join(root, file), "utf8");
  } catch {
    continue; // deleted in the work tree
  }
  text.split("\n").forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const [pattern, why] of outside) if (pattern.test(line)) problems.push(`${where}: ${why}`);
    for (const m of line.matchAll(citation))
      for (const name of m[1].split("; ").map((n) => n.trim()))
        if (!rules.has(name) && !identifier.test(name))
          problems.push(`${where}: "${name}" is not a rule in ${RULES_PAGE}`);
  });
}
for (const p of problems) console.error(`✖ ${p}`);
if (problems.length) process.exit(1);
console.log(`✓ ${files.length} files cite only the ${rules.size} product rules by name`);
