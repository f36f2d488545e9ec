import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { holdSweepJob } from "../../modules/lessons/hold-sweep.ts";
import { asBooking, listSlots, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { scaled, TIME_SCALE } from "../../test/time-scale.ts";
import { runJobTick } from "./scheduled-job.ts";

// A second database handle on the same PostgreSQL database is a second replica's view of a tick:
// its own pool and its own lock connection, as another process would have.
describe.runIf(process.env.TEST_DATABASE_URL)("scheduled jobs across replicas [postgres]", () => {
  let t: TestApp;
  let other: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestApp("postgres", { seed: true });
    const url = t.databaseUrl;
    if (!url) throw new Error("no database url");
    other = await openDatabase({ url, poolSize: 4 });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("runs a tick in one replica when both fire at once, and again on the next tick", async () => {
    let runs = 0;
    const job = {
      name: "test-job",
      // The winner holds a finished tick's lock for half the interval (at most 5 s): long enough here
      // that a loaded machine's run, two writes and 50 ms, ends well inside it.
      intervalSeconds: 8 * TIME_SCALE,
      async run() {
        runs += 1;
        await sleep(50);
      },
    };
    const outcomes = await Promise.all([runJobTick(t.database, job), runJobTick(other, job)]);
    expect(outcomes.sort()).toEqual(["ran", "skipped"]);
    expect(runs).toBe(1);
    // A replica whose timer fired a little late in the same tick still finds the lock held.
    expect(await runJobTick(other, job)).toBe("skipped");
    // Once the hold ends, the next tick runs (in whichever replica asks).
    await expect.poll(() => runJobTick(other, job), { timeout: scaled(15_000), interval: 250 }).toBe("ran");
    expect(runs).toBe(2);
  });

  it("lets the tick run elsewhere once the replica holding the lock is gone", async () => {
    const job = { name: "dying-job", intervalSeconds: 60, run: async () => {} };
    const release = await t.database.tryExclusiveLock("job:dying-job");
    expect(release).not.toBeNull();
    expect(await runJobTick(other, job)).toBe("skipped");
    // The holder's session ends (as a crash closes its socket): PostgreSQL drops its advisory locks.
    await release?.();
    expect(await runJobTick(other, job)).toBe("ran");
  });

  it("sweeps lapsed holds in one replica when two run the same sweep tick", async () => {
    const http = api(t.app);
    const student = await registerStudent(http);
    const slots = await listSlots(http, student.accessToken, { date: weekdayAhead(t.clock.now, 5) });
    // Three different hours: one student cannot be in two cars at once.
    const byHour = new Map(slots.filter((s) => s.instructorId !== null).map((s) => [s.startTime, s]));
    const free = [...byHour.values()].slice(0, 3);
    const held = await http.post(
      "/api/student/bookings/batch",
      { bookings: free.map((s) => asBooking(s)) },
      student.accessToken,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    t.clock.advanceMinutes(31);

    const sweptBy: number[] = [];
    const replicaA = holdSweepJob({ db: t.database.db, now: () => t.clock.now }, 60, (n) => sweptBy.push(n));
    const replicaB = holdSweepJob({ db: other.db, now: () => t.clock.now }, 60, (n) => sweptBy.push(n));
    const outcomes = await Promise.all([runJobTick(t.database, replicaA), runJobTick(other, replicaB)]);
    expect(outcomes.sort()).toEqual(["ran", "skipped"]);
    expect(sweptBy).toEqual([3]);
  });
});
