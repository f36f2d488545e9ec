import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../src/test/time-scale.ts";
import {
  type Answer,
  asBooking,
  call,
  emptyHalfWritten,
  halfWrittenRows,
  listSlots,
  REDIS_URL,
  redisNamespace,
  replicaEnv,
  replicaServerErrors,
  startTestCluster,
  waitForHealthy,
  weekdayAhead,
} from "./cluster-fixture.ts";
import { createOwnPostgres } from "./own-postgres.ts";
import { planTraffic, runTraffic } from "./traffic.ts";

const OUTAGE_MS = 10_000;

describe("PostgreSQL stopped for 10 s under 3 replicas", () => {
  let postgres: Awaited<ReturnType<typeof createOwnPostgres>>;
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let pool: pg.Pool;
  const redis = redisNamespace();
  beforeAll(async () => {
    postgres = await createOwnPostgres();
    pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
    pool.on("error", () => {});
    cluster = await startTestCluster(
      replicaEnv({ DATABASE_URL: postgres.url, REDIS_URL, REDIS_KEY_PREFIX: redis.prefix }),
    );
  });
  afterAll(async () => {
    await cluster?.stop();
    await pool?.end().catch(() => {});
    postgres?.destroy();
    await redis.clean();
  });

  it("answers 503 JSON within 2 s while it is down, says db: down, and recovers by itself", async () => {
    const plan = await planTraffic(cluster.url, pool, 8, 2);
    const probeStudent = plan.payers[0];
    if (!probeStudent) throw new Error("no student");
    // A slot far enough ahead that the traffic never takes it, for the probe to book once PostgreSQL is back.
    const [free] = await listSlots(cluster.url, probeStudent.token, weekdayAhead(12));
    if (!free) throw new Error("no free slot");
    const slot = asBooking(free);
    let stop = false;
    const traffic = runTraffic(cluster.url, plan, () => stop);
    await sleep(1500);

    postgres.stop();
    const downAt = Date.now();
    const probes: Answer[] = [];
    const healths: Answer[] = [];
    while (Date.now() - downAt < OUTAGE_MS) {
      probes.push(
        await call(cluster.url, "POST", "/api/student/bookings/batch", {
          token: probeStudent.token,
          body: { bookings: [slot] },
        }),
      );
      healths.push(await call(cluster.url, "GET", "/api/health"));
      await sleep(250);
    }
    postgres.start();
    const upAt = Date.now();

    // Replicas reconnect on their own: every one of them reports healthy again, nobody restarted them.
    await Promise.all(
      cluster.replicas.map((r) => waitForHealthy(`http://127.0.0.1:${r.port}/api/health`, scaled(20_000))),
    );
    const recoveredMs = Date.now() - upAt;
    // None of them crashed on the way (a connection cut mid-transaction once took a replica down).
    expect(cluster.replicas.map((r) => r.child.exitCode)).toEqual([null, null, null]);
    expect(cluster.readLog()).not.toMatch(/Unhandled|uncaught/i);
    stop = true;
    const answers = await traffic;

    // While down (after the first second, when connections in use have all seen the cut):
    const steady = probes.filter((p) => p.startedAt > downAt + 1000);
    expect(steady.length).toBeGreaterThan(10);
    for (const probe of steady) {
      expect(probe.status).toBe(503);
      expect(probe.endedAt - probe.startedAt).toBeLessThan(2000);
      expect(probe.body).toMatchObject({
        error: { code: "service_unavailable", message: expect.any(String) },
      });
      expect(probe.replica).not.toBeNull();
    }
    for (const health of healths.filter((h) => h.startedAt > downAt + 1000)) {
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: "degraded", db: "down" });
      expect(health.endedAt - health.startedAt).toBeLessThan(2500);
    }
    // The steady traffic saw 503s, never a 500 or a hang; every answer came from a replica.
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(answers.every((a) => a.endedAt - a.startedAt < 2000)).toBe(true);
    expect(answers.every((a) => a.replica !== null)).toBe(true);
    expect(replicaServerErrors(answers).every((a) => a.status === 503)).toBe(true);

    // Back: a booking through the balancer succeeds again.
    const after = await call(cluster.url, "POST", "/api/student/bookings/batch", {
      token: probeStudent.token,
      body: { bookings: [slot] },
    });
    expect(after.status).toBe(201);
    expect(await halfWrittenRows(pool)).toEqual(emptyHalfWritten);
    console.info(
      `postgres outage: ${steady.length} probes all 503 within ${Math.max(...steady.map((p) => p.endedAt - p.startedAt)).toFixed(0)} ms; ` +
        `replicas healthy ${recoveredMs} ms after PostgreSQL was started again`,
    );
  });
});
