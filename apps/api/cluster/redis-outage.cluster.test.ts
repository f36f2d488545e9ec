import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  byStatus,
  call,
  createClusterDatabase,
  freePort,
  insertStudents,
  replicaEnv,
  replicaServerErrors,
  startTestCluster,
} from "./cluster-fixture.ts";

const FAILURES_BEFORE_DELAY = 3;
const AUTH_RATE_LIMIT_MAX = 6;
const errorCode = (answer: Answer) => (answer.body as { error?: { code?: string } }).error?.code;

/** A Redis of the test's own (never the machine's main one on 6379), on a port that outlives restarts. */
function startRedis(port: number): ChildProcess {
  return spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
}
async function waitForRedis(port: number) {
  const { Redis } = await import("ioredis");
  for (let i = 0; i < 50; i++) {
    const probe = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on("error", () => {});
    const ok = await probe
      .connect()
      .then(() => probe.ping())
      .catch(() => null);
    probe.disconnect();
    if (ok === "PONG") return;
    await sleep(100);
  }
  throw new Error("redis did not start");
}

describe("Redis down under 3 replicas", () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>>;
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let redis: ChildProcess;
  let redisPort: number;
  beforeAll(async () => {
    redisPort = await freePort();
    redis = startRedis(redisPort);
    await waitForRedis(redisPort);
    db = await createClusterDatabase();
    cluster = await startTestCluster(
      replicaEnv({
        DATABASE_URL: db.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        LOGIN_FAILURES_BEFORE_DELAY: String(FAILURES_BEFORE_DELAY),
        AUTH_RATE_LIMIT_MAX: String(AUTH_RATE_LIMIT_MAX),
      }),
    );
  });
  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
    redis?.kill("SIGKILL");
  });

  const login = (email: string, password: string) =>
    call(cluster.url, "POST", "/api/auth/login", { body: { email, password } });

  it("fails open for rate limits, falls back to each replica's own login count, no 5xx; shares again when back", async () => {
    const [owner, other] = await insertStudents(db.pool, 2, "right-password-1");
    if (!owner || !other) throw new Error("no students");
    redis.kill("SIGKILL");
    await new Promise((resolve) => redis.once("exit", resolve));
    const answers: Answer[] = [];

    // Rate limits fail open: three times the auth limit, all heard (wrong passwords: 401, never 429/5xx).
    const open: Answer[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT_MAX * 3; i++)
      open.push(await login(`nobody-${i}@cluster.test`, "x-password"));
    answers.push(...open);
    expect(byStatus(open)["401"]).toHaveLength(AUTH_RATE_LIMIT_MAX * 3);

    // The login throttle falls back to each replica's own count: a guesser is still stopped, after at
    // most one allowance per replica (3 × 3 failures here) instead of one for the whole cluster.
    const guesses: Answer[] = [];
    for (let i = 0; i < FAILURES_BEFORE_DELAY * 3 + 1; i++)
      guesses.push(await login(owner.email, `guess-${i}`));
    answers.push(...guesses);
    const firstRefusal = guesses.findIndex((a) => a.status === 429);
    expect(firstRefusal).toBeGreaterThanOrEqual(FAILURES_BEFORE_DELAY);
    expect(firstRefusal).toBeLessThanOrEqual(FAILURES_BEFORE_DELAY * 3);
    expect(guesses.slice(firstRefusal).every((a) => a.status === 429 || a.status === 401)).toBe(true);
    expect(errorCode(guesses[firstRefusal] as Answer)).toBe("too_many_attempts");

    // Everyone else signs in as usual, and the rest of the API does not notice.
    const signIn = await login(other.email, "right-password-1");
    expect(signIn.status).toBe(200);
    answers.push(signIn);
    expect((await call(cluster.url, "GET", "/api/health")).status).toBe(200);

    expect(replicaServerErrors(answers)).toEqual([]);
    expect(answers.every((a) => a.endedAt - a.startedAt < 2000)).toBe(true);

    // Redis back on its address: the replicas reconnect by themselves and the limit is shared again.
    redis = startRedis(redisPort);
    await waitForRedis(redisPort);
    await sleep(2500);
    const shared: Answer[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT_MAX + 3; i++)
      shared.push(await login(`again-${i}@cluster.test`, "x-password"));
    const groups = byStatus(shared);
    expect(groups["401"]).toHaveLength(AUTH_RATE_LIMIT_MAX);
    expect(groups["429"]).toHaveLength(3);
    expect(cluster.replicas.map((r) => r.child.exitCode)).toEqual([null, null, null]);
    expect(cluster.readLog()).not.toMatch(/Unhandled|uncaught/i);
  });
});
