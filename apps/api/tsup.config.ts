import { defineConfig } from "tsup";

// One ESM bundle for production, and the PDF worker threads' own entry beside it (lib/pdf/render-pool.ts
// loads dist/pdf-worker.js); the shared workspace package is TypeScript source, so it is bundled in.
export default defineConfig({
  entry: { server: "src/server.ts", "pdf-worker": "src/pdf-worker.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: ["@kerb/shared"],
});
