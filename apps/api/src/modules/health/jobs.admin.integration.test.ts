/**
 * The admin's Jobs list: every scheduled job with its interval, how its last run went (whichever
 * replica ran it: runJobTick records it in job_runs) and, for the queue workers, their queues.
 */
import type { AdminJob } from "@kerb/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runJobTick } from "../../platform/jobs/scheduled-job.ts";
import { type Http, startSeededApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { holdSweepJob } from "../lessons/hold-sweep.ts";

describeEachDatabase("admin: background jobs", (kind) => {
  let t: TestApp;
  let http: Http;
  let admin: string;
  beforeAll(async () => {
    ({ t, http } = await startSeededApp(kind));
    admin = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(() => t.close());

  const jobs = async () => {
    const res = await http.get("/api/admin/jobs", admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new Map((res.body.items as AdminJob[]).map((job) => [job.name, job]));
  };

  it("is for admins only", async () => {
    expect((await http.get("/api/admin/jobs")).status).toBe(401);
    for (const email of ["student@demo.test", "instructor@demo.test"]) {
      const { accessToken } = await http.login(email);
      expect((await http.get("/api/admin/jobs", accessToken)).status, email).toBe(403);
    }
  });

  it("lists every job, switched off in tests (interval 0), with the outbox and refund queues", async () => {
    const list = await jobs();
    expect([...list.keys()].sort()).toEqual([
      "compliance-scan",
      "hold-sweep",
      "notification-scan",
      "outbox-delivery",
      "payout-run",
      "refund-worker",
      "time-alerts",
    ]);
    expect([...list.values()].every((job) => job.intervalSeconds === 0 && job.lastRun === null)).toBe(true);
    expect(list.get("outbox-delivery")?.queue).toEqual({
      depth: expect.any(Number),
      failing: expect.any(Number),
      failed: expect.any(Number),
    });
    // A card refund is never given up on: none is ever failed for good.
    expect(list.get("refund-worker")?.queue).toMatchObject({ failed: 0 });
    expect(list.get("hold-sweep")?.queue).toBeNull();
  });

  it("shows a tick that ran, and one that failed with its error, counting the failures", async () => {
    const sweep = holdSweepJob({ db: t.database.db, now: () => t.clock.now }, 60, () => {});
    expect(await runJobTick(t.database, sweep)).toBe("ran");
    const failing = {
      name: "compliance-scan",
      intervalSeconds: 60,
      run: async () => {
        throw new Error("the register did not answer");
      },
    };
    await expect(runJobTick(t.database, failing)).rejects.toThrow("the register did not answer");

    const list = await jobs();
    const swept = list.get("hold-sweep")?.lastRun;
    expect(swept).toMatchObject({ outcome: "ok", error: null, failures: 0 });
    expect(swept?.finishedAt).not.toBeNull();
    expect(swept?.lastSucceededAt).toBe(swept?.finishedAt);
    expect(Date.parse(swept?.finishedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(swept?.startedAt ?? ""));
    expect(list.get("compliance-scan")?.lastRun).toMatchObject({
      outcome: "failed",
      error: "the register did not answer",
      lastSucceededAt: null,
      failures: 1,
    });
    expect(list.get("payout-run")?.lastRun).toBeNull();
  });
});
