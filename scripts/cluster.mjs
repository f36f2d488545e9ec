#!/usr/bin/env node
/**
 * `npm run cluster`: builds once, then runs CLUSTER_REPLICAS (default 3) API replicas against
 * DATABASE_URL (PostgreSQL) and REDIS_URL, behind HAProxy on PORT (default 3000). Ctrl-C stops them all.
 * See the Deployment section of README.md.
 */
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startCluster } from "./cluster/start-cluster.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fail = (message) => {
  console.error(`npm run cluster: ${message}`);
  process.exit(1);
};

if (!process.env.DATABASE_URL) {
  fail(
    "DATABASE_URL is required: replicas share one PostgreSQL database (the embedded database is " +
      "single-process). Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/kerb npm run cluster",
  );
}
if (!process.env.REDIS_URL) {
  console.warn(
    "npm run cluster: REDIS_URL is not set, so rate limits and the login throttle are counted per replica " +
      "(each replica allows the full limit). Set REDIS_URL=redis://127.0.0.1:6379 to share them.",
  );
}
try {
  execSync("haproxy -v", { stdio: "ignore" });
} catch {
  fail("haproxy was not found on PATH (Debian: apt-get install -y haproxy)");
}
const replicas = Number(process.env.CLUSTER_REPLICAS ?? 3);
if (!Number.isInteger(replicas) || replicas < 1)
  fail("CLUSTER_REPLICAS must be a whole number of at least 1");
const port = Number(process.env.PORT ?? 3000);

let jwtSecret = process.env.JWT_SECRET;
if (!jwtSecret) {
  // Shared by this run's replicas only: sessions end when the cluster stops. Set JWT_SECRET to keep them.
  jwtSecret = randomBytes(48).toString("base64url");
  console.warn("npm run cluster: JWT_SECRET not set; using a random one for this run (sessions end with it)");
}

if (process.env.CLUSTER_SKIP_BUILD !== "true") execSync("npm run build", { cwd: root, stdio: "inherit" });

const cluster = await startCluster({
  replicas,
  port,
  host: process.env.HOST ?? "127.0.0.1",
  serverPath: join(root, "apps/api/dist/server.js"),
  output: "inherit",
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? "production",
    CLUSTER_MODE: "true",
    JWT_SECRET: jwtSecret,
    // One hop: HAProxy. The client's address is the one HAProxy saw (its X-Forwarded-For entry).
    TRUST_PROXY: process.env.TRUST_PROXY ?? "1",
    SHUTDOWN_DRAIN_SECONDS: process.env.SHUTDOWN_DRAIN_SECONDS ?? "0",
  },
}).catch((error) => fail(error.message));

const ports = cluster.replicas.map((r) => `${r.id}=${r.port}`).join(", ");
console.log(`Kerb cluster ready on ${cluster.url} (${replicas} replicas: ${ports}). Ctrl-C stops it.`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`npm run cluster: ${signal}, stopping the replicas and HAProxy`);
  await cluster.stop();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
// A replica dying on its own is reported; HAProxy routes around it.
for (const replica of cluster.replicas) {
  replica.exited.then((code) => {
    if (!stopping) console.error(`npm run cluster: replica ${replica.id} exited (${code})`);
  });
}
