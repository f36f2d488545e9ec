import { defineConfig } from "vitest/config";

// `npm run test:cluster`: the production build as several replicas behind HAProxy, on the local
// PostgreSQL and Redis. Apart from `npm test`, which needs neither. One file at a time: each starts
// its own cluster, and the machine has two cores.
export default defineConfig({
  test: {
    include: ["cluster/**/*.cluster.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
  },
});
