/** What every bench runner shares: the production server's lifecycle, seeding access, autocannon. */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { SignJWT } from "jose";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const serverEntry = join(root, "apps/api/dist/server.js");

export function freePort() {
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

/**
 * The production server's environment for a bench: loopback, quiet logs, a fresh JWT secret, generous
 * rate limits (every request comes from one address), and the caller's own settings on top.
 */
export async function serverEnv(workDir, settings = {}) {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? workDir,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    LOG_LEVEL: "warn",
    JWT_SECRET: randomBytes(32).toString("base64url"),
    RATE_LIMIT_MAX: "100000000",
    AUTH_RATE_LIMIT_MAX: "1000",
    ...settings,
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function startServer(env, logFile) {
  // BENCH_NODE_FLAGS reach the server only (e.g. --cpu-prof to see where its time goes).
  const flags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...flags, serverEntry], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
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

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

/** `query(text) → rows` over the database the server uses, for seeding while the server is down. */
export async function openSeedClient(databaseUrl, dataDir) {
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

/** autocannon against one path for `seconds`, as the figures the reports print. */
export async function measure(base, scenario, seconds, connections) {
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

export function printTable(rows) {
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

export /** A line describing what a response held, so the report shows the work behind each figure. */
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

/**
 * Signs students' access tokens as the server would at sign-in (same issuer, audience and claims), so a
 * bench with thousands of learners does not spend its set-up on thousands of password hashes.
 */
export function studentTokenSigner(jwtSecret) {
  const secret = new TextEncoder().encode(jwtSecret);
  return (id) =>
    new SignJWT({ role: "STUDENT", typ: "access", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(id)
      .setIssuer("kerb-api")
      .setAudience("kerb-web")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret);
}
