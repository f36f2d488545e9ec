import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema/index.ts";
import { type ListedSlot, listSlots, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { insertBundle, readBundle } from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// Races only mean something with real concurrent connections: PGlite serialises everything.
describe.runIf(process.env.TEST_DATABASE_URL)("concurrent credit spends [postgres]", () => {
  let t: TestApp;
  let baseUrl: string;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp("postgres", { seed: true, env: { DATABASE_POOL_SIZE: "20" } });
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    http = api(t.app);
  });
  afterAll(() => t.close());

  it("20 simultaneous spends of a 1-credit bundle, each for a different free hour: exactly 1 succeeds", async () => {
    const student = await registerStudent(http);
    const demoId = (await http.login("instructor@demo.test")).user.id as string;
    const { id: bundleId } = await insertBundle(t.database.db, {
      studentId: student.user.id,
      totalLessons: 1,
      usedLessons: 0,
      instructorId: demoId,
      suburb: "Sydney CBD",
    });
    // Distinct free hours over several days: every request would succeed on its own.
    const slots: ListedSlot[] = [];
    for (let days = 3; slots.length < 20; days++) {
      const date = weekdayAhead(t.clock.now, days);
      const day = await listSlots(http, student.accessToken, { date, instructorId: demoId });
      slots.push(...day.filter((s) => !slots.some((x) => x.startTime === s.startTime)));
    }
    const statuses = await Promise.all(
      slots.slice(0, 20).map((slot) =>
        fetch(`${baseUrl}/api/student/bundles/${bundleId}/bookings`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${student.accessToken}` },
          body: JSON.stringify({ bookings: [{ startTime: slot.startTime, endTime: slot.endTime }] }),
        }).then(async (r) => ({
          status: r.status,
          code: ((await r.json()) as { error?: { code: string } }).error?.code,
        })),
      ),
    );
    expect(statuses.filter((s) => s.status === 201)).toHaveLength(1);
    expect(
      statuses
        .filter((s) => s.status !== 201)
        .every((s) => s.status === 409 && s.code === "insufficient_credits"),
    ).toBe(true);
    expect((await readBundle(t.database.db, bundleId))?.usedLessons).toBe(1);
    const lessons = await t.database.db.select().from(bookings).where(eq(bookings.bundleId, bundleId));
    expect(lessons).toHaveLength(1);
  });
  it("10 students spending credits on the same free hour at once: 1 is booked, the others keep their credits", async () => {
    const demoId = (await http.login("instructor@demo.test")).user.id as string;
    const students = await Promise.all(Array.from({ length: 10 }, () => registerStudent(http)));
    const bundles = await Promise.all(
      students.map((s) =>
        insertBundle(t.database.db, {
          studentId: s.user.id,
          totalLessons: 3,
          usedLessons: 0,
          instructorId: demoId,
          suburb: "Sydney CBD",
        }),
      ),
    );
    const [slot] = await listSlots(http, students[0]?.accessToken ?? "", {
      date: weekdayAhead(t.clock.now, 11),
      instructorId: demoId,
    });
    if (!slot) throw new Error("no free hour");
    const results = await Promise.all(
      bundles.map((bundle, i) =>
        fetch(`${baseUrl}/api/student/bundles/${bundle.id}/bookings`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${students[i]?.accessToken}`,
          },
          body: JSON.stringify({ bookings: [{ startTime: slot.startTime, endTime: slot.endTime }] }),
        }).then(async (r) => ({
          status: r.status,
          code: ((await r.json()) as { error?: { code: string } }).error?.code,
        })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.code === "slot_unavailable")).toHaveLength(9);
    const used = await Promise.all(
      bundles.map(async (b) => (await readBundle(t.database.db, b.id))?.usedLessons),
    );
    expect(used.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    const lessons = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.instructorId, demoId), eq(bookings.startTime, new Date(slot.startTime))));
    expect(lessons.filter((l) => l.status === "SCHEDULED")).toHaveLength(1);
  });
});
