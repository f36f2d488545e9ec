import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { auditLog, bookings, bundles, instructorProfiles } from "../../db/schema/index.ts";
import { type ListedSlot, listSlots, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import {
  addHours,
  insertBundle,
  newInstructor,
  readBundle,
} from "../../test/fixtures/instructor-fixtures.ts";
import { bookPaidLesson, type Http, type Student } from "../../test/fixtures/student-lesson-fixtures.ts";
import { startDemoApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("spending bundle credits", (kind) => {
  let t: TestApp;
  let http: Http;
  let base: Date;
  let demo: { id: string; token: string };

  beforeAll(async () => {
    ({ t, http, base, demo } = await startDemoApp(kind));
  });
  afterEach(() => {
    t.clock.now = base;
  });
  afterAll(() => t.close());

  /** A 10-lesson Flow A bundle for the demo instructor in Sydney CBD, bought and paid in demo mode. */
  async function buyBundle(student: Student) {
    const purchase = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, instructorId: demo.id, suburb: "Sydney CBD" },
      student.accessToken,
    );
    expect(purchase.status).toBe(201);
    const confirm = await http.post(
      `/api/student/bundles/confirm/${purchase.body.payment.id}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(200);
    const profile = await http.get("/api/student/profile", student.accessToken);
    const bundle = profile.body.bundles[0];
    expect(bundle).toMatchObject({ totalLessons: 10, usedLessons: 0, suburb: "Sydney CBD" });
    return bundle.id as string;
  }

  /** Standard-time slots of the demo instructor on a weekday `daysAhead` days out. */
  async function demoSlots(student: Student, daysAhead: number) {
    const date = weekdayAhead(t.clock.now, daysAhead);
    return listSlots(http, student.accessToken, { date, instructorId: demo.id });
  }

  const asCreditLesson = (slot: ListedSlot) => ({
    startTime: slot.startTime,
    endTime: slot.endTime,
    pickupLocation: "1 Martin Place",
  });

  const spend = (student: Student, bundleId: string, slots: ListedSlot[]) =>
    http.post(
      `/api/student/bundles/${bundleId}/bookings`,
      { bookings: slots.map(asCreditLesson) },
      student.accessToken,
    );

  const lessonsOfBundle = (bundleId: string) =>
    t.database.db.select().from(bookings).where(eq(bookings.bundleId, bundleId));

  const earnings = async () => {
    const res = await http.get("/api/instructor/earnings", demo.token);
    return res.body.totals as { lessons: number; gross: number; net: number };
  };

  it("books lessons with the bundle's instructor, scheduled at once, one credit each, no card and no GST", async () => {
    const student = await registerStudent(http);
    const bundleId = await buyBundle(student);
    const slots = await demoSlots(student, 5);
    const chosen = [slots[0], slots[slots.length - 1]].filter((s): s is ListedSlot => !!s);

    const res = await spend(student, bundleId, chosen);
    expect(res.status).toBe(201);
    expect(res.body.bundle).toMatchObject({ id: bundleId, totalLessons: 10, usedLessons: 2 });
    expect(res.body.bookings).toHaveLength(2);
    for (const [index, booking] of res.body.bookings.entries()) {
      expect(booking).toMatchObject({
        status: "SCHEDULED",
        startTime: chosen[index]?.startTime,
        price: 70, // the bundle's per-lesson price, not the slot's $75
        bundleId,
        paymentId: null,
        suburb: "Sydney CBD",
        pickupLocation: "1 Martin Place",
        instructor: { id: demo.id },
      });
    }

    // The times are taken for everyone else at once, and the student's profile counts the credits.
    const after = await demoSlots(student, 5);
    expect(after.map((s) => s.startTime)).not.toContain(chosen[0]?.startTime);
    const bundle = await http.get(`/api/student/bundles/${bundleId}`, student.accessToken);
    expect(bundle.body.bundle).toMatchObject({
      usedLessons: 2,
      instructor: { id: demo.id },
      instructorBookable: true,
      expired: false,
      // The student bought it themselves.
      boughtBy: null,
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, bundleId));
    expect(audit.map((a) => a.action)).toEqual(["bundle.spend"]);
  });

  it("pays the instructor 75% of the bundle's per-lesson price (ex GST) once the lesson is taught", async () => {
    const student = await registerStudent(http);
    const bundleId = await buyBundle(student);
    const [slot] = await demoSlots(student, 6);
    const res = await spend(student, bundleId, [slot as ListedSlot]);
    expect(res.status).toBe(201);
    const before = await earnings();
    t.clock.now = addHours(new Date(res.body.bookings[0].endTime), 1);
    const complete = await http.post(
      `/api/instructor/lessons/${res.body.bookings[0].id}/complete`,
      undefined,
      demo.token,
    );
    expect(complete.status).toBe(200);
    const after = await earnings();
    expect(after.lessons - before.lessons).toBe(1);
    expect(Math.round((after.gross - before.gross) * 100)).toBe(7000);
    expect(Math.round((after.net - before.net) * 100)).toBe(5250);
  });

  it("more lessons than credits left: 409 insufficient_credits and nothing booked or spent", async () => {
    const student = await registerStudent(http);
    const { id: bundleId } = await insertBundle(t.database.db, {
      studentId: student.user.id,
      totalLessons: 5,
      usedLessons: 4,
      instructorId: demo.id,
      suburb: "Sydney CBD",
    });
    const slots = (await demoSlots(student, 7)).slice(0, 2);
    const res = await spend(student, bundleId, slots);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "insufficient_credits",
      message: "This bundle has 1 credit left; the lessons you chose need 2 credits. Nothing was booked.",
      details: { creditsLeft: 1, requested: 2 },
    });
    expect(await lessonsOfBundle(bundleId)).toHaveLength(0);
    expect((await readBundle(t.database.db, bundleId))?.usedLessons).toBe(4);

    // The last credit can still be spent, and then none.
    expect((await spend(student, bundleId, slots.slice(0, 1))).status).toBe(201);
    const none = await spend(student, bundleId, slots.slice(1, 2));
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("insufficient_credits");
  });

  it("an expired bundle: 409 bundle_expired, even with credits left", async () => {
    const student = await registerStudent(http);
    const { id: bundleId } = await insertBundle(t.database.db, {
      studentId: student.user.id,
      totalLessons: 5,
      usedLessons: 0,
      instructorId: demo.id,
      suburb: "Sydney CBD",
      expiresAt: addHours(base, -1),
    });
    const res = await spend(student, bundleId, (await demoSlots(student, 7)).slice(0, 1));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("bundle_expired");
    expect(await lessonsOfBundle(bundleId)).toHaveLength(0);
    const bundle = await http.get(`/api/student/bundles/${bundleId}`, student.accessToken);
    expect(bundle.body.bundle.expired).toBe(true);
  });

  it("another student's bundle is not found on every call, and nothing changes", async () => {
    const owner = await registerStudent(http);
    const intruder = await registerStudent(http);
    const bundleId = await buyBundle(owner);
    const slots = (await demoSlots(owner, 8)).slice(0, 1);
    expect((await http.get(`/api/student/bundles/${bundleId}`, intruder.accessToken)).status).toBe(404);
    expect((await spend(intruder, bundleId, slots)).status).toBe(404);
    const move = await http.put(
      `/api/student/bundles/${bundleId}/instructor`,
      { instructorId: demo.id },
      intruder.accessToken,
    );
    expect(move.status).toBe(404);
    expect(await lessonsOfBundle(bundleId)).toHaveLength(0);
    // Instructors and admins have no business here at all.
    expect((await http.get(`/api/student/bundles/${bundleId}`, demo.token)).status).toBe(403);
  });

  it("a taken slot in the batch: 409, and neither the free lesson nor any credit is taken", async () => {
    const student = await registerStudent(http);
    const other = await registerStudent(http);
    const bundleId = await buyBundle(student);
    const date = weekdayAhead(t.clock.now, 9);
    const slots = await listSlots(http, student.accessToken, { date, instructorId: demo.id });
    const taken = await bookPaidLesson(http, other, { date, instructorId: demo.id });
    const free = slots.find((s) => s.startTime !== taken.slot.startTime) as ListedSlot;

    const res = await spend(student, bundleId, [free, taken.slot]);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "slot_unavailable", details: { index: 1 } });
    expect(await lessonsOfBundle(bundleId)).toHaveLength(0);
    expect((await readBundle(t.database.db, bundleId))?.usedLessons).toBe(0);
  });

  it("cancelled more than 48 h ahead the credit comes back; 24–48 h ahead it is forfeited", async () => {
    const student = await registerStudent(http);
    const bundleId = await buyBundle(student);
    const booked = await spend(student, bundleId, (await demoSlots(student, 10)).slice(0, 2));
    expect(booked.status).toBe(201);
    const [early, late] = booked.body.bookings as Array<{ id: string; startTime: string }>;

    t.clock.now = addHours(new Date(early?.startTime as string), -49);
    const full = await http.post(`/api/student/bookings/${early?.id}/cancel`, undefined, student.accessToken);
    expect(full.body.refund).toEqual({ amount: 0, gst: 0, method: "CREDIT" });
    expect((await readBundle(t.database.db, bundleId))?.usedLessons).toBe(1);

    t.clock.now = addHours(new Date(late?.startTime as string), -30);
    const half = await http.post(`/api/student/bookings/${late?.id}/cancel`, undefined, student.accessToken);
    expect(half.body.refund).toEqual({ amount: 0, gst: 0, method: "NONE" });
    expect((await readBundle(t.database.db, bundleId))?.usedLessons).toBe(1);
  });

  it("a delisted instructor's credits move to another verified instructor of the suburb, then spend", async () => {
    const student = await registerStudent(http);
    const gone = await newInstructor(http, t.database.db, { suburbs: ["Sydney CBD"] });
    const { id: bundleId } = await insertBundle(t.database.db, {
      studentId: student.user.id,
      totalLessons: 5,
      usedLessons: 1,
      instructorId: gone.id,
      suburb: "Sydney CBD",
    });
    const move = (instructorId: string) =>
      http.put(`/api/student/bundles/${bundleId}/instructor`, { instructorId }, student.accessToken);

    // While the instructor may be booked, the credits stay with them.
    expect((await move(demo.id)).body.error?.code).toBe("invalid_state");

    await t.database.db
      .update(instructorProfiles)
      .set({ verificationStatus: "REJECTED" })
      .where(eq(instructorProfiles.userId, gone.id));
    const refused = await spend(student, bundleId, (await demoSlots(student, 11)).slice(0, 1));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("instructor_unavailable");
    const stale = await http.get(`/api/student/bundles/${bundleId}`, student.accessToken);
    expect(stale.body.bundle.instructorBookable).toBe(false);

    // Not to an instructor outside the bundle's suburb, nor to one who may not be booked either.
    const elsewhere = await newInstructor(http, t.database.db, { suburbs: ["Penrith"] });
    expect((await move(elsewhere.id)).body.error?.code).toBe("instructor_not_in_suburb");
    expect((await move(gone.id)).status).toBe(404);

    const moved = await move(demo.id);
    expect(moved.status).toBe(200);
    expect(moved.body.bundle).toMatchObject({
      id: bundleId,
      usedLessons: 1,
      instructor: { id: demo.id },
      instructorBookable: true,
    });
    const spent = await spend(student, bundleId, (await demoSlots(student, 11)).slice(0, 1));
    expect(spent.status).toBe(201);
    expect(spent.body.bundle.usedLessons).toBe(2);
  });

  it("a bundle is bought only for an instructor of the chosen suburb, and remembers that suburb", async () => {
    const student = await registerStudent(http);
    const res = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, instructorId: demo.id, suburb: "Penrith" },
      student.accessToken,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("instructor_not_in_suburb");
    // Without a suburb, the student's own (Sydney CBD) is recorded: the demo instructor teaches there.
    const plain = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, instructorId: demo.id },
      student.accessToken,
    );
    expect(plain.status).toBe(201);
    await http.post(`/api/student/bundles/confirm/${plain.body.payment.id}`, undefined, student.accessToken);
    const profile = await http.get("/api/student/profile", student.accessToken);
    expect(profile.body.bundles).toMatchObject([{ suburb: "Sydney CBD", instructor: { id: demo.id } }]);
  });

  it("rejects malformed requests with 400 and spends nothing", async () => {
    const student = await registerStudent(http);
    const bundleId = await buyBundle(student);
    const [slot] = await demoSlots(student, 5);
    const start = new Date((slot as ListedSlot).startTime);
    const post = (body: unknown, id = bundleId) =>
      http.post(`/api/student/bundles/${id}/bookings`, body, student.accessToken);
    const cases: Array<[unknown, string]> = [
      [{}, "validation_error"],
      [{ bookings: [] }, "validation_error"],
      [{ bookings: [{ startTime: "tomorrow", endTime: "later" }] }, "validation_error"],
      [
        // 3 hours is no lesson length (60, 90 and 120 minutes are).
        { bookings: [{ startTime: start.toISOString(), endTime: addHours(start, 3).toISOString() }] },
        "bad_request",
      ],
      [
        {
          bookings: [
            {
              startTime: addHours(start, 24 * 400).toISOString(),
              endTime: addHours(start, 24 * 400 + 1).toISOString(),
            },
          ],
        },
        "validation_error",
      ],
      [
        { bookings: [asCreditLesson(slot as ListedSlot), asCreditLesson(slot as ListedSlot)] },
        "duplicate_slot",
      ],
    ];
    for (const [body, code] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe(code);
    }
    expect((await post({ bookings: [asCreditLesson(slot as ListedSlot)] }, "not-a-uuid")).status).toBe(400);
    expect(await lessonsOfBundle(bundleId)).toHaveLength(0);
  });

  it("the database refuses a usage count past the total, whatever the code does", async () => {
    const student = await registerStudent(http);
    const { id } = await insertBundle(t.database.db, {
      studentId: student.user.id,
      totalLessons: 1,
      usedLessons: 1,
    });
    await expect(
      t.database.db
        .update(bundles)
        .set({ usedLessons: sql`${bundles.usedLessons} + 1` })
        .where(and(eq(bundles.id, id))),
    ).rejects.toThrow();
  });
});
