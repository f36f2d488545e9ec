import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Every file opens its own databases; PGlite start-up and argon2 make a few seconds normal.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
