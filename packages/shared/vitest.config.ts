import { defineConfig } from "vitest/config";

// TEST_TIME_SCALE (default 1; .ci/run sets 2) multiplies every test time budget (apps/api/src/test/time-scale.ts
// says why); read here directly, as this package imports nothing of the API's. Vitest's default 5 s per
// test is too little for the property tests on a loaded machine.
const scale = Number(process.env.TEST_TIME_SCALE || 1);

export default defineConfig({
  // Pure functions: one module graph per worker thread instead of one per file, on both cores.
  test: {
    include: ["src/**/*.test.ts"],
    pool: "threads",
    maxWorkers: 2,
    isolate: false,
    testTimeout: 30_000 * scale,
    hookTimeout: 30_000 * scale,
  },
});
