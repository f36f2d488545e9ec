/**
 * Benchmark runner (`npm run bench` builds first, then runs this).
 *
 * 1. Starts the production server (apps/api/dist/server.js) on a fresh database so it migrates and
 *    seeds the demo data, then stops it: PGlite is single-process, so seeding must happen in between.
 * 2. Seeds each benchmark's data straight into the database with SQL.
 * 3. Restarts the server, signs in as the demo student and runs autocannon against every scenario,
 *    each beside GET /api/health from the same run (absolute req/s drift between machines; ratios less).
 * 4. Prints a table and writes bench/results/latest.json.
 *
 * Environment: BENCH_DATABASE_URL (a throwaway PostgreSQL database; default: a temporary PGlite
 * DATA_DIR), BENCH_DURATION seconds per scenario (10), BENCH_CONNECTIONS (50).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import * as availability from "./availability.bench.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = join(root, "apps/api/dist/server.js");
const benches = [availability];
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = 2;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startServer(env, logFile) {
  const child = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(logFile, { flags: "a" });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  child.on("exit", (code) => {
    exited = code ?? -1;
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`server exited with ${exited}:\n${readFileSync(logFile, "utf8")}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { child, base };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become healthy:\n${readFileSync(logFile, "utf8")}`);
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

/** `query(text) → rows` over the database the server uses, for seeding while the server is down. */
async function openSeedClient(databaseUrl, dataDir) {
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: async (text) => (await client.query(text)).rows, close: () => client.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const db = await PGlite.create({ dataDir, extensions: { btree_gist } });
  return { query: async (text) => (await db.query(text)).rows, close: () => db.close() };
}

async function measure(base, scenario, seconds) {
  const result = await autocannon({
    url: base + scenario.path,
    connections,
    duration: seconds,
    headers: scenario.headers ?? {},
    // A queued request is slow, not wrong: allow well over the run's queueing delay before giving up.
    timeout: 30,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    meanMs: result.latency.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: result.requests.total,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
    timeouts: result.timeouts,
    errors: result.errors,
  };
}

function printTable(rows) {
  const header = ["endpoint", "req/s", "p50 ms", "p99 ms", "mean ms", "vs health", "non-2xx", "errors"];
  const lines = rows.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(0),
    String(r.latencyMs.p50),
    String(r.p99Ms),
    r.meanMs.toFixed(1),
    `${(r.ratioVsHealth * 100).toFixed(1)}%`,
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ");
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const started = Date.now();
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const workDir = mkdtempSync(join(tmpdir(), "kerb-bench-"));
  const dataDir = join(workDir, "data");
  const logFile = join(workDir, "server.log");
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? workDir,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    JWT_SECRET: randomBytes(32).toString("base64url"),
    RATE_LIMIT_MAX: "100000000",
    AUTH_RATE_LIMIT_MAX: "1000",
    // The benchmarks sign in as the demo student, also on a PostgreSQL server (not seeded by default).
    SEED_DEMO_DATA: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  };
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

    server = await startServer(env, logFile);
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "student@demo.test", password: "demo1234" }),
    });
    if (!login.ok) throw new Error(`demo student login failed: ${login.status} ${await login.text()}`);
    const { accessToken } = await login.json();

    const results = [];
    for (const bench of benches) {
      const scenarios = bench.scenarios({ token: accessToken });
      // A wrong answer measured fast is worthless: every scenario must answer 200 before timing.
      for (const s of scenarios) {
        const res = await fetch(server.base + s.path, { headers: s.headers ?? {} });
        const body = await res.text();
        if (!res.ok) throw new Error(`${s.name} answered ${res.status}: ${body}`);
        s.responseBytes = body.length;
        s.sample = summarise(body);
      }
      let baseline;
      for (const s of scenarios) {
        await measure(server.base, s, warmupSeconds);
        // autocannon stops without waiting for answers: let the warm-up's backlog drain first.
        await sleep(1500);
        const m = await measure(server.base, s, durationSeconds);
        baseline ??= m.requestsPerSecond;
        results.push({
          bench: bench.name,
          name: s.name,
          path: s.path,
          ...m,
          ratioVsHealth: m.requestsPerSecond / baseline,
          responseBytes: s.responseBytes,
          sample: s.sample,
        });
        console.log(`  ${s.name}: ${m.requestsPerSecond.toFixed(0)} req/s, p99 ${m.p99Ms} ms`);
      }
    }

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
    writeFileSync(join(outDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote bench/results/latest.json (${report.totalSeconds}s in all)`);
    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length > 0)
      throw new Error(`non-2xx answers or errors in: ${failed.map((r) => r.name).join(", ")}`);
  } finally {
    if (server) await stopServer(server.child);
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** A line describing what a response held, so the report shows the work behind each figure. */
function summarise(body) {
  try {
    const json = JSON.parse(body);
    if (Array.isArray(json)) return `${json.length} items`;
    const values = Object.values(json);
    if (values.every((v) => v && typeof v === "object" && "totalSlots" in v)) {
      const total = values.reduce((sum, v) => sum + v.totalSlots, 0);
      return `${values.length} days, ${total} slots`;
    }
    return Object.keys(json).join(",");
  } catch {
    return `${body.length} bytes`;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
