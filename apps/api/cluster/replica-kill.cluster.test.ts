import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../src/test/time-scale.ts";
import {
  type Answer,
  createClusterDatabase,
  emptyHalfWritten,
  halfWrittenRows,
  REDIS_URL,
  redisNamespace,
  replicaEnv,
  replicaServerErrors,
  startTestCluster,
} from "./cluster-fixture.ts";
import { planTraffic, runTraffic } from "./traffic.ts";

describe("kill -9 of one replica under steady booking traffic", () => {
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
        // Longer than HAProxy needs to see a failing check (fastinter 500 ms × fall 2) and stop routing.
        SHUTDOWN_DRAIN_SECONDS: "3",
      }),
    );
  });
  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
    await redis.clean();
  });

  it("routes around the dead replica; live replicas answer no 5xx; nothing is half-written", async () => {
    const plan = await planTraffic(cluster.url, db.pool, 16, 4);
    const startedAt = Date.now();
    let stop = false;
    const traffic = runTraffic(cluster.url, plan, () => stop);
    await sleep(2000);
    const victim = cluster.replicas[1];
    if (!victim) throw new Error("no replica to kill");
    const killedAt = Date.now();
    victim.child.kill("SIGKILL");
    await victim.exited;
    // Until the process is reaped, requests may still have reached it.
    const diedAt = Date.now();
    await sleep(4000);
    stop = true;
    const answers = await traffic;

    const before = answers.filter((a) => a.endedAt < killedAt);
    const after = answers.filter((a) => a.startedAt > killedAt + 500);
    expect(new Set(before.map((a) => a.replica))).toContain(victim.id);
    expect(after.length).toBeGreaterThan(20);
    expect(after.some((a) => a.replica === victim.id)).toBe(false);
    expect(after.filter((a) => a.status === 201 || a.status === 200).length).toBeGreaterThan(10);

    // The replicas that stayed up never answered 5xx.
    expect(replicaServerErrors(answers)).toEqual([]);
    // The balancer's own failures (no X-Kerb-Replica: a 502, or the client connection closed, which
    // HAProxy does when the dead replica's connection was a reused one so the client may retry) are
    // only for requests that were inside the killed replica when it died: sent before the kill,
    // answered right after it. A request that reached a replica is never replayed elsewhere (it might
    // have booked), so those few fail rather than risk a double booking; every request sent after the
    // kill was answered by a live replica.
    const balancerErrors = answers.filter((a) => a.replica === null);
    expect(balancerErrors.every((a) => a.status === 502 || a.status === 0)).toBe(true);
    for (const error of balancerErrors) {
      expect(error.startedAt).toBeLessThanOrEqual(diedAt);
      expect(error.endedAt).toBeLessThan(killedAt + 2000);
    }
    expect(balancerErrors.length).toBeLessThanOrEqual(plan.payers.length + plan.creditSpenders.length);
    const unexpected = answers.filter((a) => a.replica !== null && ![200, 201, 409].includes(a.status));
    expect(unexpected.map((a) => [a.status, a.body])).toEqual([]);

    expect(await halfWrittenRows(db.pool)).toEqual(emptyHalfWritten);
    const paid = await db.pool.query(
      "select count(*)::int as n from payments where type = 'BOOKINGS' and status = 'PAID'",
    );
    expect(paid.rows[0].n).toBeGreaterThan(10);
    console.info(
      `replica kill: ${answers.length} requests in ${Date.now() - startedAt} ms, ` +
        `${balancerErrors.length} in flight at the killed replica failed at the balancer`,
    );
  });

  it("drains a replica stopped with SIGTERM: health says draining, no request is lost, exit 0", async () => {
    const plan = await planTraffic(cluster.url, db.pool, 8, 0);
    let stop = false;
    const soFar: Answer[] = [];
    const traffic = runTraffic(cluster.url, plan, () => stop, soFar);
    const leaving = cluster.replicas[2];
    if (!leaving) throw new Error("no replica to stop");
    // Stop it only once it is serving traffic (after the last test's kill the balancer may still be
    // bringing the survivors back up), so there are requests in flight for it to drain.
    for (
      let waited = 0;
      !soFar.some((a) => a.replica === leaving.id) && waited < scaled(15_000);
      waited += 100
    ) {
      await sleep(100);
    }
    await sleep(300);
    const signalledAt = Date.now();
    leaving.child.kill("SIGTERM");
    // The signal arrives asynchronously: ask until the replica says so (it keeps answering meanwhile).
    let health: unknown;
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`http://127.0.0.1:${leaving.port}/api/health`);
      health = { status: res.status, body: await res.json() };
      if (res.status === 503) break;
      await sleep(50);
    }
    expect(health).toEqual({ status: 503, body: { status: "draining", db: "ok" } });
    const code = await leaving.exited;
    const exitedAt = Date.now();
    await sleep(1000);
    stop = true;
    const answers = await traffic;

    expect(code).toBe(0);
    expect(exitedAt - signalledAt).toBeGreaterThanOrEqual(3000);
    // Every request was answered by a replica, none failed at the balancer or with a 5xx.
    expect(answers.filter((a) => a.replica === null)).toEqual([]);
    expect(replicaServerErrors(answers)).toEqual([]);
    expect(answers.some((a) => a.replica === leaving.id && a.startedAt < signalledAt)).toBe(true);
    expect(answers.some((a) => a.replica === leaving.id && a.startedAt > exitedAt)).toBe(false);
    expect(await halfWrittenRows(db.pool)).toEqual(emptyHalfWritten);
  });
});
