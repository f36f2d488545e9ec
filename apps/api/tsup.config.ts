import { defineConfig } from "tsup";

// One ESM bundle for production; the shared workspace package is TypeScript source, so it is bundled in.
export default defineConfig({
  entry: ["src/server.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: ["@kerb/shared"],
});
