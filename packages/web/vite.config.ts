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
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The build prints no warnings: each one is a bug to fix (a missing export is undefined at
      // run time), so it fails the build instead of scrolling past on the first `npm start`.
      onwarn(warning) {
        throw new Error(`The web build warned: ${warning.message}`);
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
