import { createRequire } from "node:module";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { precompress } from "./vite-precompress";

const appDir = decodeURIComponent(new URL(".", import.meta.url).pathname);
const srcDir = decodeURIComponent(new URL("./src", import.meta.url).pathname);
const reactRouterProduction = createRequire(import.meta.url)
  .resolve("react-router")
  .replace(/development[\\/]index\.m?js$/, "production/index.mjs");

export default defineConfig(({ mode }) => {
  // The API runs on its own port in development; in production it serves this build itself, so the app
  // only ever talks to same-origin /api. KERB_API_ORIGIN points the dev proxy elsewhere.
  const apiTarget = loadEnv(mode, appDir, "KERB_").KERB_API_ORIGIN || "http://127.0.0.1:3000";
  const proxy = { "/api": { target: apiTarget, changeOrigin: false } };

  return {
    resolve: {
      alias: [
        { find: "@", replacement: srcDir },
        // react-router exports only its development build (no "production" condition): pick the
        // production one for builds, without dev-only warnings (TESTING.md: -1.7 KB gzip on first load).
        ...(mode === "production" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      ],
    },
    plugins: [react(), tailwindcss(), precompress()],
    server: { host: "127.0.0.1", port: 5173, proxy },
    preview: { host: "127.0.0.1", port: 4173, proxy },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      // Maps stay out of the served bundle: "hidden" writes them without a sourceMappingURL (for decoding
      // production stack traces offline) and the API refuses to serve any .map file.
      sourcemap: "hidden",
      target: "es2022",
      // Every browser es2022 targets but Safari 16 supports modulepreload; there it only loads later.
      modulePreload: { polyfill: false },
    },
  };
});
