import { defineConfig } from "vitest/config";
import { scaled } from "./src/test/time-scale.ts";

// `npm run test:cluster`: the production build as several replicas behind HAProxy, on the local
// PostgreSQL and Redis. Apart from `npm test`, which needs neither. One file at a time: each starts
// its own cluster, and the machine has two cores.
export default defineConfig({
  test: {
    include: ["cluster/**/*.cluster.test.ts"],
    // Starting a cluster (build, PostgreSQL, Redis, HAProxy, replicas) under load: times TEST_TIME_SCALE
    // (src/test/time-scale.ts).
    testTimeout: scaled(180_000),
    hookTimeout: scaled(240_000),
    pool: "forks",
    fileParallelism: false,
  },
});
