import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The pages the server renders (src/rendered), each a document of its own with its own entry. */
const RENDERED_PAGES = ["product", "overlay", "store"];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
