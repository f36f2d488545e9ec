import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asBooking,
  byStatus,
  call,
  createClusterDatabase,
  emptyHalfWritten,
  halfWrittenRows,
  insertStudents,
  listSlots,
  REDIS_URL,
  redisNamespace,
  replicaEnv,
  startTestCluster,
  weekdayAhead,
} from "./cluster-fixture.ts";

describe("200 students booking one slot through 3 replicas behind HAProxy", () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>>;
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  const redis = redisNamespace();
  beforeAll(async () => {
    db = await createClusterDatabase();
    cluster = await startTestCluster(
      replicaEnv({ DATABASE_URL: db.url, REDIS_URL, REDIS_KEY_PREFIX: redis.prefix }),
    );
  });
  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
    await redis.clean();
  });

  it("books it once: 1 success, 199 slot_unavailable, no 5xx, no overlap in SQL", async () => {
    const students = await insertStudents(db.pool, 200);
    const [slot] = await listSlots(cluster.url, students[0]?.token ?? "", weekdayAhead(4));
    if (!slot) throw new Error("no free slot");

    const answers = await Promise.all(
      students.map((s) =>
        call(cluster.url, "POST", "/api/student/bookings/batch", {
          token: s.token,
          body: { bookings: [asBooking(slot)] },
        }),
      ),
    );
    const groups = byStatus(answers);
    expect(Object.keys(groups).sort()).toEqual(["201", "409"]);
    expect(groups["201"]).toHaveLength(1);
    expect(
      groups["409"]?.every((a) => (a.body as { error: { code: string } }).error.code === "slot_unavailable"),
    ).toBe(true);
    // Every replica took part: the race was between processes, not only within one.
    expect(new Set(answers.map((a) => a.replica))).toEqual(new Set(["r1", "r2", "r3"]));

    const held = await db.pool.query(
      "select count(*)::int as n from bookings where instructor_id = $1 and start_time = $2 and status in ('PENDING_PAYMENT', 'SCHEDULED')",
      [slot.instructorId, slot.startTime],
    );
    expect(held.rows[0].n).toBe(1);
    expect(await halfWrittenRows(db.pool)).toEqual(emptyHalfWritten);
  });
});
