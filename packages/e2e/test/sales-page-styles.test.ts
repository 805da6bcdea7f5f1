import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * The sales page boots with its own small stylesheet (features/sales-page/sales.css), in which
 * Tailwind reads only the sources listed by `@source`. A module the sales page imports from
 * outside those sources would arrive unstyled, in production only, with nothing failing. This
 * test takes the sales page's whole import graph from the bundler and checks that every module of
 * it is a listed source. It reads the stylesheet's `@source` lines on purpose: they are the
 * build's input (Tailwind scans exactly those paths), and a class missing from the built CSS
 * shows in no DOM assertion, only as an unstyled page.
 */
const web = resolve(dirname(fileURLToPath(import.meta.url)), "../../web");
const stylesheet = join(web, "src/features/sales-page/sales.css");

/**
 * Every source file the server-rendered pages' entries (src/rendered: the sales page, the overlay
 * and the store, each named by its shell in pages/*.html) reach, static and lazy imports,
 * relative to packages/web.
 */
async function salesPageModules(): Promise<string[]> {
  const src = join(web, "src");
  const result = await build({
    entryPoints: ["product", "overlay", "store"].map((page) => join(src, `rendered/${page}.tsx`)),
    absWorkingDir: web,
    bundle: true,
    write: false,
    outdir: "out", // required with several entries; nothing is written
    metafile: true,
    packages: "external",
    format: "esm",
    jsx: "automatic",
    loader: { ".css": "empty", ".svg": "empty" },
    logLevel: "error",
    plugins: [
      {
        name: "web-alias",
        setup(b) {
          b.onResolve({ filter: /^@\// }, (args) =>
            b.resolve(`./${args.path.slice(2)}`, { resolveDir: src, kind: args.kind }),
          );
        },
      },
    ],
  });
  return Object.keys(result.metafile.inputs);
}

/** The `@source` paths of the sales page's stylesheet, relative to packages/web. */
function listedSources(): string[] {
  const css = readFileSync(stylesheet, "utf8");
  return [...css.matchAll(/@source\s+"([^"]+)"/g)].map((m) =>
    relative(web, resolve(dirname(stylesheet), m[1]!)).replace(/\\/g, "/"),
  );
}

const covers = (sources: string[], file: string) =>
  sources.some((s) => s === "" || file === s || file.startsWith(`${s}/`));

describe("the sales page's own stylesheet", () => {
  it("lists every module the sales page imports as a Tailwind source", async () => {
    const modules = await salesPageModules();
    expect(modules).toContain("src/features/sales-page/pages/SalesPage.tsx");
    expect(modules.length).toBeGreaterThan(20);
    const sources = listedSources();
    const unstyled = modules.filter((file) => !covers(sources, file));
    expect(unstyled, "add these to the @source list of src/features/sales-page/sales.css").toEqual([]);
  });

  it("reads the pages' HTML shells (the body's classes) and not the rest of the app", () => {
    const sources = listedSources();
    for (const shell of ["pages/product.html", "pages/overlay.html", "pages/store.html"])
      expect(covers(sources, shell), shell).toBe(true);
    for (const appModule of ["src/components/AppShell.tsx", "src/features/dashboard/pages/Dashboard.tsx"])
      expect(covers(sources, appModule), appModule).toBe(false);
  });
});
