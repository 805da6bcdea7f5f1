import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The pages the server renders (src/rendered), each a document of its own with its own entry. */
const RENDERED_PAGES = ["product", "overlay", "store"];

/**
 * The server-rendered pages' stylesheet goes inside their shells as a <style> element instead of
 * a <link>: a linked stylesheet blocks the first paint for one more round trip, which on a phone
 * on slow 4G put the sales page's LCP near 3 s (docs/performance.md). The page's own stylesheet is
 * small (features/sales-page/sales.css reads only the public pages' sources) and the page CSP
 * allows inline styles. The app's index.html keeps its cached <link>.
 * The server inlines only the part the rendered page uses (src/rendered/criticalCss.ts).
 */
function inlinePageStylesheet(): Plugin {
  return {
    name: "payloft:inline-page-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.filename.includes("/pages/") || !ctx.bundle) return html;
        const bundle = ctx.bundle;
        return html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== "asset") throw new Error(`${ctx.filename} links ${file}, which the build did not emit`);
          const css = String(asset.source);
          if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style": it cannot be inlined`);
          // data-href: where the whole sheet is. The server keeps only the rules the rendered
          // page uses (src/rendered/criticalCss.ts) and the browser fetches the rest before React.
          return `<style data-href="/${file}">${css}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), inlinePageStylesheet()],
  resolve: {
    alias: [
      // `@/x` is packages/web/src/x: imports say where a module lives, not how far up it is.
      { find: /^@\//, replacement: here("./src/") },
      // `@docs/x` is the repository's docs/x: pages that show a guide import the guide itself (?raw).
      { find: /^@docs\//, replacement: here("../../docs/") },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // No modulepreload polyfill: 1.2 KB on every page, the sales page's included, for browsers
    // without <link rel="modulepreload"> (Safari < 17, Firefox < 115), which still load every
    // module, only one import later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app (index.html), and the shells of the pages the server renders (pages/*.html: the
      // page Lambda fills their #root), which name only their own page's scripts and stylesheet.
      input: {
        index: here("./index.html"),
        ...Object.fromEntries(RENDERED_PAGES.map((page) => [`page-${page}`, here(`./pages/${page}.html`)])),
      },
      output: {
        // React and react-dom in a chunk of their own: cached across pages and app releases, and
        // the bench tells the page's own code apart from the framework's (docs/performance.md).
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](?:\.pnpm[\\/])?(?:react|react-dom|scheduler)[@\\/]/ },
          ],
        },
      },
      // Rolldown's report that plugins took a share of the build's time depends on how busy the
      // machine is, not on the code: on a loaded CI machine it failed good builds (below).
      checks: { bundlerTimings: false },
      // The build prints no warnings: each one is a bug to fix (a missing export is undefined at
      // run time), so it fails the build instead of scrolling past on the first `npm start`.
      onwarn(warning) {
        throw new Error(`The web build warned: ${warning.message}`);
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      // `vite dev` has no server renderer: the running product (`npm start`) renders these pages.
      "^/(product|p|s|overlay/product)/": "http://localhost:3000",
    },
  },
});
