import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { testBudget } from "./src/test/time-scale.ts";

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
    // Threads, two of them (Vitest's default is one worker fewer than the cores: one here), each
    // running file after file without a new jsdom and module graph per file: that was two thirds of
    // the suite's CPU time. Nothing here mocks a module; mocks and stubbed globals are restored above,
    // and src/test/setup.ts unmounts, clears storage and the session after every test.
    // `npx vitest run --sequence.shuffle.files` checks that no file depends on another.
    pool: "threads",
    maxWorkers: 2,
    isolate: false,
    // Two cores shared with the API suites and builds in CI: generous, so only real failures fail. Each is
    // a base figure × TEST_TIME_SCALE (src/test/time-scale.ts), as is Testing Library's wait (setup.ts).
    testTimeout: testBudget.test,
    hookTimeout: testBudget.hook,
  },
});
