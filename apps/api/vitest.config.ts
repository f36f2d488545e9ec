import { defineConfig } from "vitest/config";
import { scaled } from "./src/test/time-scale.ts";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Migrates (and seeds) one database per run for every file to copy (src/test/snapshots.ts).
    globalSetup: ["./src/test/global-setup.ts"],
    // Vitest's default is one worker fewer than the cores: a single one on the two-core machines here.
    // A worker spends most of its time in one thread (PGlite, the app), so two keep both cores busy.
    maxWorkers: 2,
    // A worker runs file after file without reloading the app's modules and PGlite for each: every
    // file builds its own app on its own database, and no test mocks a module or changes a global.
    // That halves the suite's CPU time; `npx vitest run --sequence.shuffle.files` checks that no file
    // depends on another.
    isolate: false,
    // Every file opens its own databases; PGlite start-up and argon2 make a few seconds normal, and at
    // a load average of 10–22 a file's beforeAll (app, SMTP inbox, sign-ins) took over 60 s, so every
    // test of the file was skipped. Sized for a slow day under load, times TEST_TIME_SCALE
    // (src/test/time-scale.ts; .ci/run sets 2): only a hung test ever waits this long.
    testTimeout: scaled(60_000),
    hookTimeout: scaled(180_000),
    pool: "forks",
  },
});
