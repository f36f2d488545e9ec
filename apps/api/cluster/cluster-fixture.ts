/**
 * What every cluster test needs: a throwaway PostgreSQL database, a Redis key prefix of its own, and
 * Kerb's production build running as replicas behind HAProxy exactly as `npm run cluster` starts it.
 */
import { randomUUID } from "node:crypto";
import { closeSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
// @ts-expect-error plain ESM script shared with `npm run cluster`; its shapes are described below.
import * as clusterScript from "../../../scripts/cluster/start-cluster.mjs";
import { hashPassword } from "../src/lib/passwords.ts";
import { signAccessToken } from "../src/plugins/auth.ts";
import { scaled } from "../src/test/time-scale.ts";

export interface Replica {
  id: string;
  port: number;
  child: import("node:child_process").ChildProcess;
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}
export interface Cluster {
  url: string;
  replicas: Replica[];
  haproxy: import("node:child_process").ChildProcess;
  stop(): Promise<void>;
}
const script = clusterScript as {
  freePort(): Promise<number>;
  waitForHealthy(url: string, timeoutMs?: number): Promise<void>;
  startCluster(options: {
    replicas?: number;
    port: number;
    env: NodeJS.ProcessEnv;
    serverPath: string;
    output?: "ignore" | "inherit" | number;
  }): Promise<Cluster>;
  startReplica(options: {
    id: string;
    port: number;
    env: NodeJS.ProcessEnv;
    serverPath: string;
    output?: "ignore" | "inherit" | number;
  }): Replica;
};
export const { freePort, waitForHealthy } = script;

export const SERVER_PATH = fileURLToPath(new URL("../dist/server.js", import.meta.url));
export const POSTGRES_URL = process.env.CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379";
export const JWT_SECRET = "cluster-test-secret-cluster-test-secret-0123456789";
const JWT = { issuer: "kerb-api", audience: "kerb-web", accessTtlSeconds: 3600 };

const shortId = () => randomUUID().replaceAll("-", "").slice(0, 12);

/** CREATE DATABASE kerb_cluster_<random> on `serverUrl`; drop() removes it (connections forced out). */
export async function createClusterDatabase(serverUrl = POSTGRES_URL) {
  const name = `kerb_cluster_${shortId()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on("error", () => {});
  return {
    name,
    url: url.toString(),
    /** For the test's own checks, never for the app's writes. */
    pool,
    async drop() {
      await pool.end().catch(() => {});
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** A Redis key prefix owned by one test file; clean() deletes every key under it. */
export function redisNamespace(url = REDIS_URL) {
  const prefix = `kerb-test-${shortId()}:`;
  return {
    prefix,
    async clean() {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== "0");
      await redis.quit();
    },
  };
}

/** The environment of every replica in a test cluster; `overrides` wins. */
export function replicaEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    CLUSTER_MODE: "true",
    JWT_SECRET,
    TRUST_PROXY: "1",
    SEED_DEMO_DATA: "true",
    RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
    DATABASE_POOL_SIZE: "10",
    WEB_DIST_DIR: join(tmpdir(), "kerb-no-web"),
    ...overrides,
  };
}

/** Starts a cluster whose replicas log (warn and above) to a file the test can read back. */
export async function startTestCluster(env: NodeJS.ProcessEnv, replicas = 3) {
  const logFile = join(tmpdir(), `kerb-cluster-${shortId()}.log`);
  const fd = openSync(logFile, "a");
  try {
    const cluster = await script.startCluster({
      replicas,
      port: await freePort(),
      env,
      serverPath: SERVER_PATH,
      output: fd,
    });
    return {
      ...cluster,
      logFile,
      readLog: () => readFileSync(logFile, "utf8"),
      async stop() {
        await cluster.stop();
        rmSync(logFile, { force: true });
      },
    };
  } finally {
    // The children hold their own copies of the descriptor.
    closeSync(fd);
  }
}

export interface Answer {
  status: number;
  body: unknown;
  /** The replica that answered (HAProxy's X-Kerb-Replica); null for the balancer's own answers. */
  replica: string | null;
  /** When it was sent and answered (epoch ms). */
  startedAt: number;
  endedAt: number;
}

/** One HTTP call through the balancer; a network failure is status 0. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const startedAt = Date.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? scaled(30_000)),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    const replica = res.headers.get("x-kerb-replica");
    return { status: res.status, body, replica, startedAt, endedAt: Date.now() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const body = `${String(error)}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}`;
    return { status: 0, body, replica: null, startedAt, endedAt: Date.now() };
  }
}

export interface TestStudent {
  id: string;
  email: string;
  token: string;
}

/**
 * Students straight into SQL, with access tokens signed by the cluster's shared secret: registering
 * hundreds through the API would spend the test's time on argon2, not on the race.
 */
export async function insertStudents(
  pool: pg.Pool,
  count: number,
  password = "correct-horse-9",
): Promise<TestStudent[]> {
  const hash = await hashPassword(password);
  const config = { secret: new TextEncoder().encode(JWT_SECRET), ...JWT };
  const students: TestStudent[] = [];
  for (let i = 0; i < count; i++) {
    const email = `student-${shortId()}@cluster.test`;
    const { rows } = await pool.query<{ id: string }>(
      `insert into users (email, password_hash, role, first_name, last_name, phone)
       values ($1, $2, 'STUDENT', 'Race', $3, '0400000000') returning id`,
      [email, hash, `Student ${i}`],
    );
    const id = rows[0]?.id as string;
    await pool.query(
      `insert into student_profiles (user_id, suburb, license_type, experience_level)
       values ($1, 'Sydney CBD', 'AUTOMATIC', 'NEVER_DRIVEN')`,
      [id],
    );
    const { token } = await signAccessToken(config, { id, role: "STUDENT", tokenVersion: 0 });
    students.push({ id, email, token });
  }
  return students;
}

export interface Slot {
  startTime: string;
  endTime: string;
  instructorId: string | null;
  price: number;
  isPoolHours: boolean;
}

/** A Monday–Friday `daysAhead` or more days from now, as a Sydney date (slots are offered by date). */
export function weekdayAhead(daysAhead: number): string {
  const date = new Date(Date.now() + daysAhead * 86_400_000);
  while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export async function listSlots(baseUrl: string, token: string, date: string, instructorId?: string) {
  const params = new URLSearchParams({
    suburb: "Sydney CBD",
    startDate: date,
    endDate: date,
    ...(instructorId ? { instructorId } : {}),
  });
  const res = await call(baseUrl, "GET", `/api/student/slots?${params}`, { token });
  if (res.status !== 200) throw new Error(`slots: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as Slot[]).filter((s) => s.instructorId !== null);
}

export const asBooking = (slot: Slot) => ({
  instructorId: slot.instructorId,
  startTime: slot.startTime,
  endTime: slot.endTime,
  price: slot.price,
  isPoolHours: slot.isPoolHours,
  pickupLocation: "1 Martin Place",
});

/** Rows that would mean a write was left half-done; every list must be empty. */
export async function halfWrittenRows(pool: pg.Pool) {
  const q = async (text: string) => (await pool.query(text)).rows;
  return {
    // Two active lessons of one instructor at once (the exclusion constraint's promise).
    overlappingLessons: await q(`
      select a.id, b.id as other from bookings a join bookings b
        on a.instructor_id = b.instructor_id and a.id < b.id
       and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)
     where a.status in ('PENDING_PAYMENT', 'SCHEDULED') and b.status in ('PENDING_PAYMENT', 'SCHEDULED')`),
    // A lesson checkout whose payment (and invoice number) exists without any lesson.
    paymentsWithoutLessons: await q(`
      select p.id from payments p where p.type = 'BOOKINGS'
         and not exists (select 1 from bookings b where b.payment_id = p.id)`),
    // Paid, yet its lessons are still only held (or the reverse: lessons booked on an unpaid payment).
    paidButNotBooked: await q(`
      select p.id from payments p join bookings b on b.payment_id = p.id
       where p.type = 'BOOKINGS' and p.status = 'PAID' and b.status = 'PENDING_PAYMENT'`),
    bookedButNotPaid: await q(`
      select b.id from bookings b join payments p on p.id = b.payment_id
       where b.status = 'SCHEDULED' and p.status <> 'PAID'`),
    // A bundle paid for without its bundle of credits.
    paidBundlesWithoutCredits: await q(`
      select p.id from payments p where p.type = 'BUNDLE' and p.status = 'PAID'
         and not exists (select 1 from bundles b where b.payment_id = p.id)`),
    // Credits counted as used that no lesson accounts for, or lessons on credits not counted.
    creditsWithoutLessons: await q(`
      select bu.id, bu.used_lessons, count(b.id)::int as lessons from bundles bu
        left join bookings b on b.bundle_id = bu.id and b.status in ('SCHEDULED', 'COMPLETED')
       group by bu.id having bu.used_lessons <> count(b.id)`),
    // Every journal balances (money posted in the same transaction as the change).
    unbalancedJournals: await q(`
      select journal_id from ledger_entries group by journal_id having sum(amount_cents) <> 0`),
  };
}

export const emptyHalfWritten = {
  overlappingLessons: [],
  paymentsWithoutLessons: [],
  paidButNotBooked: [],
  bookedButNotPaid: [],
  paidBundlesWithoutCredits: [],
  creditsWithoutLessons: [],
  unbalancedJournals: [],
};

/** Answers grouped by status code: { "201": [...], "409": [...] }. */
export function byStatus(answers: Answer[]): Record<string, Answer[]> {
  const groups: Record<string, Answer[]> = {};
  for (const answer of answers) {
    const key = String(answer.status);
    groups[key] = [...(groups[key] ?? []), answer];
  }
  return groups;
}

/** Answers with status 5xx that a replica (not the balancer) gave. */
export const replicaServerErrors = (answers: Answer[]) =>
  answers.filter((a) => a.status >= 500 && a.replica !== null);
