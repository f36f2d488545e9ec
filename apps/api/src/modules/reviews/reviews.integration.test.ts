import { addDaysToDate, averageRating, sydneyTodayDate } from "@kerb/shared/rules";
import { and, desc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, instructorProfiles, reviews } from "../../db/schema/index.ts";
import {
  addHours,
  insertLesson,
  newInstructor,
  newStudent,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const DAY_HOURS = 24;

describeEachDatabase("reviews", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    adminToken = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const now = () => t.clock.now;

  /** A listed instructor (verified, documents on record) with no reviews yet. */
  async function listedInstructor(lastName = "Teacher") {
    const instructor = await newInstructor(http, db(), { firstName: "Ivy", lastName });
    const later = addDaysToDate(sydneyTodayDate(now()), 400);
    await db()
      .update(instructorProfiles)
      .set({ licenseExpiresOn: later, wwcExpiresOn: later })
      .where(eq(instructorProfiles.userId, instructor.id));
    return instructor;
  }

  /** A lesson of this student that ended `hoursAgo` hours ago (distinct per instructor), COMPLETED by default. */
  async function pastLesson(
    studentId: string,
    instructorId: string,
    hoursAgo = 48,
    status: "COMPLETED" | "SCHEDULED" | "NO_SHOW" | "CANCELLED" = "COMPLETED",
  ) {
    const start = addHours(now(), -hoursAgo - 1);
    return insertLesson(db(), {
      studentId,
      instructorId,
      start,
      status,
      completedAt: status === "COMPLETED" ? addHours(start, 1) : null,
    });
  }

  const review = (token: string, bookingId: string, body: unknown) =>
    http.post(`/api/student/bookings/${bookingId}/review`, body, token);
  const profileRating = async (instructorId: string) => {
    const [row] = await db()
      .select({ average: instructorProfiles.ratingAverage, count: instructorProfiles.ratingCount })
      .from(instructorProfiles)
      .where(eq(instructorProfiles.userId, instructorId));
    return row;
  };

  it("a student reviews a completed lesson once: 201, and the instructor's rating moves at once", async () => {
    const instructor = await listedInstructor();
    const student = await newStudent(http, { firstName: "Sam", lastName: "Learner" });
    const first = await pastLesson(student.id, instructor.id, 48);
    const second = await pastLesson(student.id, instructor.id, 96);

    const created = await review(student.token, first, { rating: 5, comment: "  Calm and clear.  " });
    expect(created.status).toBe(201);
    expect(created.body.review).toMatchObject({ bookingId: first, rating: 5, comment: "Calm and clear." });
    expect(created.body.instructor).toEqual({ id: instructor.id, rating: 5, ratingCount: 1 });

    const again = await review(student.token, first, { rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_reviewed");

    const other = await review(student.token, second, { rating: 4, comment: "" });
    expect(other.status).toBe(201);
    expect(other.body.review.comment).toBeNull();
    expect(await profileRating(instructor.id)).toEqual({ average: 4.5, count: 2 });

    // The listing that feeds cards, Top Rated and the recommendation score reads the new aggregate.
    const listing = await http.get(
      `/api/student/instructors?suburb=${encodeURIComponent("Parramatta")}`,
      student.token,
    );
    expect(listing.status).toBe(200);
    const card = listing.body.find((i: { id: string }) => i.id === instructor.id);
    expect(card).toMatchObject({ rating: 4.5, ratingCount: 2 });

    // The profile marks both lessons reviewed and carries the instructor's id.
    const profile = await http.get("/api/student/profile", student.token);
    const lesson = profile.body.bookings.find((b: { id: string }) => b.id === first);
    expect(lesson.instructor.id).toBe(instructor.id);
    expect(lesson.review).toMatchObject({ rating: 5 });
  });

  it("refuses lessons that are not completed, or whose 14-day window has closed (409)", async () => {
    const instructor = await listedInstructor();
    const student = await newStudent(http);
    const scheduled = await pastLesson(student.id, instructor.id, 30, "SCHEDULED");
    const noShow = await pastLesson(student.id, instructor.id, 60, "NO_SHOW");
    const lastDay = await pastLesson(student.id, instructor.id, 14 * DAY_HOURS - 1);
    const tooLate = await pastLesson(student.id, instructor.id, 14 * DAY_HOURS + 1);

    for (const id of [scheduled, noShow]) {
      const res = await review(student.token, id, { rating: 3 });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("lesson_not_completed");
    }
    const late = await review(student.token, tooLate, { rating: 3 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("review_window_closed");
    expect((await review(student.token, lastDay, { rating: 3 })).status).toBe(201);
    expect(await profileRating(instructor.id)).toEqual({ average: 3, count: 1 });
  });

  it("BOLA: another student's lesson is 404; instructors and admins cannot review; no token is 401", async () => {
    const instructor = await listedInstructor();
    const owner = await newStudent(http);
    const intruder = await newStudent(http);
    const lesson = await pastLesson(owner.id, instructor.id);

    const stolen = await review(intruder.token, lesson, { rating: 1 });
    expect(stolen.status).toBe(404);
    expect((await review(intruder.token, UNKNOWN_ID, { rating: 1 })).status).toBe(404);
    expect((await review(instructor.token, lesson, { rating: 5 })).status).toBe(403);
    expect((await review(adminToken, lesson, { rating: 5 })).status).toBe(403);
    expect((await http.post(`/api/student/bookings/${lesson}/review`, { rating: 5 })).status).toBe(401);
    expect(await db().select().from(reviews).where(eq(reviews.bookingId, lesson))).toEqual([]);
  });

  it("validates the rating and the comment (400): whole stars 1–5, plain text, length-limited", async () => {
    const instructor = await listedInstructor();
    const student = await newStudent(http);
    const lesson = await pastLesson(student.id, instructor.id);
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: "5" },
      { rating: 5, comment: "bad\u0000byte" },
      { rating: 5, comment: "x".repeat(1001) },
    ]) {
      const res = await review(student.token, lesson, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect((await review(student.token, "not-a-uuid", { rating: 5 })).status).toBe(400);
  });

  it("two submissions at once: exactly one review, the other 409", async () => {
    const instructor = await listedInstructor();
    const student = await newStudent(http);
    const lesson = await pastLesson(student.id, instructor.id);
    const results = await Promise.all([
      review(student.token, lesson, { rating: 5 }),
      review(student.token, lesson, { rating: 2 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rating = await profileRating(instructor.id);
    expect(rating?.count).toBe(1);
  });

  it("reviews of one instructor saved at once all count", async () => {
    const instructor = await listedInstructor();
    const lessons = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const student = await newStudent(http);
        return { student, id: await pastLesson(student.id, instructor.id, 30 + i * 3) };
      }),
    );
    const results = await Promise.all(
      lessons.map(({ student, id }, i) => review(student.token, id, { rating: i + 2 })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await profileRating(instructor.id)).toEqual({ average: 3.5, count: 4 });
  });

  it("lists an instructor's visible reviews publicly: newest first, paged, first name and initial only", async () => {
    const instructor = await listedInstructor();
    const ratings = [5, 4, 3];
    for (const [i, rating] of ratings.entries()) {
      const student = await newStudent(http, { firstName: "Lee", lastName: `Surname${i}` });
      const lesson = await pastLesson(student.id, instructor.id, 20 + i * 5);
      t.clock.advanceMinutes(1);
      expect((await review(student.token, lesson, { rating, comment: `Lesson ${i}` })).status).toBe(201);
    }
    const page1 = await http.get(`/api/instructors/${instructor.id}/reviews?pageSize=2`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.body.items.map((r: { rating: number }) => r.rating)).toEqual([3, 4]);
    expect(page1.body.items[0]).toEqual({
      id: expect.any(String),
      rating: 3,
      comment: "Lesson 2",
      createdAt: expect.any(String),
      reviewerName: "Lee S.",
    });
    expect(JSON.stringify(page1.body)).not.toContain("Surname");
    expect(page1.body.instructor).toMatchObject({ id: instructor.id, rating: 4, ratingCount: 3 });
    const page2 = await http.get(`/api/instructors/${instructor.id}/reviews?page=2&pageSize=2`);
    expect(page2.body.items.map((r: { rating: number }) => r.rating)).toEqual([5]);

    expect((await http.get(`/api/instructors/${UNKNOWN_ID}/reviews`)).status).toBe(404);
    expect((await http.get(`/api/instructors/${instructor.id}/reviews?pageSize=500`)).status).toBe(400);
    // A student is not an instructor.
    const student = await newStudent(http);
    expect((await http.get(`/api/instructors/${student.id}/reviews`)).status).toBe(404);
    // An instructor who is not listed (pending verification) has no public page.
    const pending = await http.post("/api/auth/register/instructor", {
      email: `pending.${Date.now()}@example.com`,
      password: "secret12",
      confirmPassword: "secret12",
      acceptTerms: true,
      firstName: "Pat",
      lastName: "Pending",
      phone: "0400 000 002",
      role: "INSTRUCTOR",
      licenseNumber: "654321",
      vehicleType: "AUTOMATIC",
      standardRate: 70,
      languages: ["English"],
      suburbs: ["Parramatta"],
    });
    expect(pending.status).toBe(201);
    expect((await http.get(`/api/instructors/${pending.body.user.id}/reviews`)).status).toBe(404);
  });

  describe("moderation", () => {
    it("an admin hides a review: it stops counting and is not shown, audited before → after; unhide restores", async () => {
      const instructor = await listedInstructor();
      const ids: string[] = [];
      for (const rating of [5, 1]) {
        const student = await newStudent(http);
        const lesson = await pastLesson(student.id, instructor.id, 40 + rating);
        const res = await review(student.token, lesson, { rating, comment: `Gave ${rating}` });
        ids.push(res.body.review.id);
      }
      const [good, harsh] = ids as [string, string];
      expect(await profileRating(instructor.id)).toEqual({ average: 3, count: 2 });

      const list = await http.get(`/api/admin/reviews?instructorId=${instructor.id}`, adminToken);
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(2);
      expect(list.body.items[0]).toMatchObject({ hiddenAt: null, instructor: { id: instructor.id } });

      const hidden = await http.post(`/api/admin/reviews/${harsh}/hide`, undefined, adminToken);
      expect(hidden.status).toBe(200);
      expect(hidden.body.review.hiddenAt).toEqual(expect.any(String));
      expect(await profileRating(instructor.id)).toEqual({ average: 5, count: 1 });
      const shown = await http.get(`/api/instructors/${instructor.id}/reviews`);
      expect(shown.body.items.map((r: { id: string }) => r.id)).toEqual([good]);
      expect(shown.body.total).toBe(1);

      const adminId = await userIdByEmail(db(), "admin@demo.test");
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, harsh))
        .orderBy(desc(auditLog.createdAt));
      expect(entry).toMatchObject({ action: "review.hide", targetType: "review", actorId: adminId });
      expect(entry?.details).toMatchObject({
        instructorId: instructor.id,
        before: { hiddenAt: null, ratingAverage: 3, ratingCount: 2 },
        after: { hiddenAt: expect.any(String), ratingAverage: 5, ratingCount: 1 },
      });

      // Hiding twice changes nothing and audits nothing more.
      expect((await http.post(`/api/admin/reviews/${harsh}/hide`, undefined, adminToken)).status).toBe(200);
      const hiddenList = await http.get(
        `/api/admin/reviews?instructorId=${instructor.id}&visibility=hidden`,
        adminToken,
      );
      expect(hiddenList.body.items.map((r: { id: string }) => r.id)).toEqual([harsh]);

      const restored = await http.post(`/api/admin/reviews/${harsh}/unhide`, undefined, adminToken);
      expect(restored.status).toBe(200);
      expect(restored.body.review.hiddenAt).toBeNull();
      expect(await profileRating(instructor.id)).toEqual({ average: 3, count: 2 });
      const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, harsh));
      expect(entries.map((e) => e.action).sort()).toEqual(["review.hide", "review.unhide"]);

      // Hiding every review leaves no rating at all.
      await http.post(`/api/admin/reviews/${harsh}/hide`, undefined, adminToken);
      await http.post(`/api/admin/reviews/${good}/hide`, undefined, adminToken);
      expect(await profileRating(instructor.id)).toEqual({ average: null, count: 0 });
    });

    it("is for admins only (401/403) and answers 404 for an unknown review", async () => {
      const student = await newStudent(http);
      const instructor = await http.login("instructor@demo.test");
      for (const token of [student.token, instructor.accessToken]) {
        expect((await http.get("/api/admin/reviews", token)).status).toBe(403);
        expect((await http.post(`/api/admin/reviews/${UNKNOWN_ID}/hide`, undefined, token)).status).toBe(403);
      }
      expect((await http.get("/api/admin/reviews")).status).toBe(401);
      expect((await http.post(`/api/admin/reviews/${UNKNOWN_ID}/hide`, undefined, adminToken)).status).toBe(
        404,
      );
      expect((await http.get("/api/admin/reviews?visibility=nope", adminToken)).status).toBe(400);
    });
  });

  it("the seeded ratings agree with the seeded reviews", async () => {
    const profiles = await db()
      .select({
        id: instructorProfiles.userId,
        average: instructorProfiles.ratingAverage,
        count: instructorProfiles.ratingCount,
      })
      .from(instructorProfiles);
    const seeded = profiles.filter((p) => p.count > 0);
    expect(seeded.length).toBeGreaterThan(10);
    for (const profile of seeded) {
      const rows = await db()
        .select({ rating: reviews.rating })
        .from(reviews)
        .where(and(eq(reviews.instructorId, profile.id), isNull(reviews.hiddenAt)));
      const sum = rows.reduce((total, r) => total + r.rating, 0);
      expect({ average: profile.average, count: profile.count }).toEqual({
        average: averageRating({ count: rows.length, sum }),
        count: rows.length,
      });
    }
    // The demo student's completed lesson is left for them to review.
    const student = await http.login("student@demo.test");
    const profile = await http.get("/api/student/profile", student.accessToken);
    const completed = profile.body.bookings.filter((b: { status: string }) => b.status === "COMPLETED");
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((b: { review: unknown }) => b.review === null)).toBe(true);
  });
});
