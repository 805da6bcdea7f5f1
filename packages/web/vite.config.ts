import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // `@/x` is packages/web/src/x: imports say where a module lives, not how far up it is.
      { find: /^@\//, replacement: fileURLToPath(new URL("./src/", import.meta.url)) },
      // `@docs/x` is the repository's docs/x: pages that show a guide import the guide itself (?raw).
      { find: /^@docs\//, replacement: fileURLToPath(new URL("../../docs/", import.meta.url)) },
      // Preact runs the React code (docs/decisions.md "Preact instead of react-dom"): react-dom alone
      // is ~60 KB gzipped, more than the sales page's whole budget. The code and types stay React's.
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
    ],
  },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 700 },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
