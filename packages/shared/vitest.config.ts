import { defineConfig } from "vitest/config";

export default defineConfig({
  // Pure functions: one module graph per worker thread instead of one per file, on both cores.
  test: { include: ["src/**/*.test.ts"], pool: "threads", maxWorkers: 2, isolate: false },
});
