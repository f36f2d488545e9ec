import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const srcDir = decodeURIComponent(new URL("./src", import.meta.url).pathname);

export default defineConfig({
  resolve: { alias: { "@": srcDir } },
  plugins: [react()],
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
    // Two cores shared with the API suites and builds in CI: generous, so only real failures fail.
    testTimeout: 30_000,
  },
});
