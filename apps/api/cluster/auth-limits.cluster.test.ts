import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  byStatus,
  call,
  createClusterDatabase,
  insertStudents,
  REDIS_URL,
  redisNamespace,
  replicaEnv,
  replicaServerErrors,
  startTestCluster,
} from "./cluster-fixture.ts";

// The limits a single process enforces; the cluster must enforce the same numbers, not 3× them.
const FAILURES_BEFORE_DELAY = 5;
const AUTH_RATE_LIMIT_MAX = 12;
const errorCode = (body: unknown) => (body as { error?: { code?: string } }).error?.code;

describe("login lockout and the auth rate limit across 3 replicas (Redis)", () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>>;
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  const redis = redisNamespace();
  beforeAll(async () => {
    db = await createClusterDatabase();
    cluster = await startTestCluster(
      replicaEnv({
        DATABASE_URL: db.url,
        REDIS_URL,
        REDIS_KEY_PREFIX: redis.prefix,
        LOGIN_FAILURES_BEFORE_DELAY: String(FAILURES_BEFORE_DELAY),
        AUTH_RATE_LIMIT_MAX: String(AUTH_RATE_LIMIT_MAX),
      }),
    );
  });
  // Each test starts with fresh counters (all its requests come from one address).
  beforeEach(() => redis.clean());
  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
    await redis.clean();
  });

  const login = (email: string, password: string) =>
    call(cluster.url, "POST", "/api/auth/login", { body: { email, password } });

  it("makes the account wait after 5 failures spread round-robin, as one process would", async () => {
    const [student] = await insertStudents(db.pool, 1, "right-password-1");
    if (!student) throw new Error("no student");
    const failures = [];
    for (let i = 0; i < FAILURES_BEFORE_DELAY; i++) failures.push(await login(student.email, `wrong-${i}`));
    expect(failures.map((a) => a.status)).toEqual(Array(FAILURES_BEFORE_DELAY).fill(401));
    // Round robin: every replica saw some of the five (in memory, each would allow five of its own).
    expect(new Set(failures.map((a) => a.replica))).toEqual(new Set(["r1", "r2", "r3"]));

    // Even the right password waits now, on whichever replica answers.
    const refused = [
      await login(student.email, "right-password-1"),
      await login(student.email, "right-password-1"),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(errorCode(answer.body)).toBe("too_many_attempts");
    }
    expect(refused[0]?.replica).not.toBe(refused[1]?.replica);

    // The first wait is one second; then the owner gets in, and success clears the count everywhere.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(student.email, "right-password-1")).status).toBe(200);
    expect((await login(student.email, "wrong-again")).status).toBe(401);
  });

  it("counts the per-address auth limit once across replicas: 12 heard, the rest 429", async () => {
    const answers = [];
    for (let i = 0; i < AUTH_RATE_LIMIT_MAX + 6; i++) {
      answers.push(await login(`nobody-${i}@cluster.test`, "whatever-password"));
    }
    const groups = byStatus(answers);
    expect(groups["401"]).toHaveLength(AUTH_RATE_LIMIT_MAX);
    expect(groups["429"]).toHaveLength(6);
    expect(groups["429"]?.every((a) => errorCode(a.body) === "rate_limited")).toBe(true);
    expect(new Set(groups["429"]?.map((a) => a.replica))).toEqual(new Set(["r1", "r2", "r3"]));
    expect(replicaServerErrors(answers)).toEqual([]);
  });
});

// The same five failures without Redis: each replica counts only what it sees, so the account is not
// made to wait. This is what REDIS_URL fixes, and why the cluster script warns when it is unset.
describe("login lockout across 3 replicas without Redis (per-replica memory)", () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>>;
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  beforeAll(async () => {
    db = await createClusterDatabase();
    cluster = await startTestCluster(
      replicaEnv({ DATABASE_URL: db.url, LOGIN_FAILURES_BEFORE_DELAY: String(FAILURES_BEFORE_DELAY) }),
    );
  });
  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
  });

  it("lets the sixth attempt through, where a single process (or Redis) would refuse it", async () => {
    const [student] = await insertStudents(db.pool, 1, "right-password-1");
    if (!student) throw new Error("no student");
    const login = (password: string) =>
      call(cluster.url, "POST", "/api/auth/login", { body: { email: student.email, password } });
    for (let i = 0; i < FAILURES_BEFORE_DELAY; i++) expect((await login(`wrong-${i}`)).status).toBe(401);
    expect((await login("right-password-1")).status).toBe(200);
  });
});
