import ts from "typescript";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What a Lambda's code can read through `Resource`: the `Resource.<Name>` accesses in its entry
 * module and every module it imports at run time (type-only imports are erased, so they do
 * not count), following relative imports and the workspace packages (@payloft/<pkg>/<path>).
 */
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");

function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else if (spec.startsWith("@payloft/")) {
    const [, pkg, ...rest] = spec.split("/");
    base = join(repoRoot, "packages", pkg!, "src", rest.join("/"));
  } else return undefined; // a dependency from node_modules: not our code
  const hit = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), base].find(
    (f) => /\.tsx?$/.test(f) && existsSync(f),
  );
  if (!hit) throw new Error(`${from}: cannot resolve "${spec}"`);
  return hit;
}

interface ModuleFacts {
  imports: string[];
  reads: Set<string>;
  dynamicReads: boolean;
}
const facts = new Map<string, ModuleFacts>();

function scan(file: string): ModuleFacts {
  const known = facts.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: ModuleFacts = { imports: [], reads: new Set(), dynamicReads: false };
  const follow = (spec: ts.Expression | undefined) => {
    if (spec && ts.isStringLiteral(spec)) {
      const target = resolveImport(file, spec.text);
      if (target) out.imports.push(target);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) follow(node.moduleSpecifier);
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly) follow(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      follow(node.arguments[0]);
    else if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "Resource"
    )
      out.reads.add(node.name.text);
    else if (
      ts.isElementAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "Resource"
    )
      out.dynamicReads = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  facts.set(file, out);
  return out;
}

/** The names read under `entry`, and the modules that read each (to point at the culprit). */
export function resourceReads(entry: string): { names: string[]; readers: Map<string, string[]> } {
  const seen = new Set<string>();
  const readers = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const f = scan(file);
    if (f.dynamicReads)
      throw new Error(`${file} reads Resource[...] by a computed name: name it, so links can be derived`);
    // SST gives every function `Resource.App` (name, stage) without a link: nothing to grant.
    for (const name of [...f.reads].filter((n) => n !== "App"))
      readers.set(name, [...(readers.get(name) ?? []), file.replace(`${repoRoot}/`, "")]);
    queue.push(...f.imports);
  }
  return { names: [...readers.keys()].sort(), readers };
}
