/**
 * Benchmark runner (`npm run bench` builds first, then runs this).
 *
 * 1. Starts the production server (apps/api/dist/server.js) on a fresh database so it migrates and
 *    seeds the demo data, then stops it: PGlite is single-process, so seeding must happen in between.
 * 2. Seeds each benchmark's data straight into the database with SQL.
 * 3. Restarts the server, signs in as the demo student and runs autocannon against every scenario,
 *    each beside GET /api/health from the same run (absolute req/s drift between machines; ratios less).
 * 4. Prints a table and writes bench/results/latest.json (postgres-latest.json on PostgreSQL).
 *
 * Environment: BENCH_DATABASE_URL (a throwaway PostgreSQL database; default: a temporary PGlite
 * DATA_DIR), BENCH_DURATION seconds per scenario (10), BENCH_CONNECTIONS (50).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import * as availability from "./availability.bench.mjs";
import {
  measure,
  openSeedClient,
  printTable,
  root,
  serverEntry,
  serverEnv,
  sleep,
  startServer,
  stopServer,
  summarise,
} from "./lib.mjs";

const benches = [availability];
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = 2;
const engines = [
  { name: "reference", env: { AVAILABILITY_CACHE: "false" } },
  { name: "cached", env: {} },
];

async function main() {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const started = Date.now();
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const workDir = mkdtempSync(join(tmpdir(), "kerb-bench-"));
  const dataDir = join(workDir, "data");
  const logFile = join(workDir, "server.log");
  // The benchmarks sign in as the demo student, also on a PostgreSQL server (not seeded by default).
  const env = await serverEnv(workDir, {
    SEED_DEMO_DATA: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  });
  const databaseKind = databaseUrl ? "postgres" : "pglite";
  console.log(
    `kerb bench: ${databaseKind} database, ${connections} connections, ${durationSeconds}s per scenario`,
  );

  let server;
  try {
    // First start: migrations and demo data.
    server = await startServer(env, logFile);
    await stopServer(server.child);
    server = undefined;

    const client = await openSeedClient(databaseUrl, dataDir);
    const seeded = {};
    try {
      for (const bench of benches) seeded[bench.name] = await bench.seed(client.query);
    } finally {
      await client.close();
    }
    console.log(`seeded: ${JSON.stringify(seeded)}`);

    // The same scenarios against both engines, one server each, in this one run: the reference
    // engine (four queries per request, AVAILABILITY_CACHE=false) is the "before".
    const results = [];
    for (const engine of engines) {
      console.log(`engine: ${engine.name}`);
      server = await startServer({ ...env, ...engine.env }, logFile);
      const login = await fetch(`${server.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "student@demo.test", password: "demo1234" }),
      });
      if (!login.ok) throw new Error(`demo student login failed: ${login.status} ${await login.text()}`);
      const { accessToken } = await login.json();
      for (const bench of benches) {
        const scenarios = bench.scenarios({ token: accessToken });
        // A wrong answer measured fast is worthless: every scenario must answer 200 before timing.
        for (const s of scenarios) {
          const res = await fetch(server.base + s.path, { headers: s.headers ?? {} });
          const body = await res.text();
          if (!res.ok) throw new Error(`${s.name} answered ${res.status}: ${body}`);
          s.responseBytes = body.length;
          s.sample = summarise(body);
          s.body = body;
        }
        let baseline;
        for (const s of scenarios) {
          await measure(server.base, s, warmupSeconds, connections);
          // autocannon stops without waiting for answers: let the warm-up's backlog drain first.
          await sleep(1500);
          const m = await measure(server.base, s, durationSeconds, connections);
          baseline ??= m.requestsPerSecond;
          results.push({
            engine: engine.name,
            bench: bench.name,
            name: `${s.name} [${engine.name}]`,
            path: s.path,
            ...m,
            ratioVsHealth: m.requestsPerSecond / baseline,
            responseBytes: s.responseBytes,
            sample: s.sample,
            body: s.body,
          });
          console.log(`  ${s.name}: ${m.requestsPerSecond.toFixed(0)} req/s, p99 ${m.p99Ms} ms`);
        }
      }
      await stopServer(server.child);
      server = undefined;
    }
    // Both engines should have answered alike. Only a warning: the clock moves between the two
    // servers, and an hour passing changes today's answer (the property test is the real check).
    for (const r of results.filter((x) => x.engine === engines[0].name)) {
      const other = results.find((x) => x.engine !== r.engine && x.path === r.path);
      if (other && other.body !== r.body) console.warn(`note: the engines answered ${r.path} differently`);
    }
    for (const r of results) delete r.body;

    console.log("");
    printTable(results);
    const report = {
      generatedAt: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      database: databaseKind,
      connections,
      durationSeconds,
      data: {
        suburb: availability.SUBURB,
        extraInstructors: availability.EXTRA_INSTRUCTORS,
        bookings: availability.BOOKINGS,
        seeded,
      },
      results,
      totalSeconds: Math.round((Date.now() - started) / 1000),
    };
    const outDir = join(root, "bench/results");
    mkdirSync(outDir, { recursive: true });
    const file = databaseKind === "postgres" ? "postgres-latest.json" : "latest.json";
    writeFileSync(join(outDir, file), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote bench/results/${file} (${report.totalSeconds}s in all)`);
    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length > 0)
      throw new Error(`non-2xx answers or errors in: ${failed.map((r) => r.name).join(", ")}`);
  } finally {
    if (server) await stopServer(server.child);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
