/**
 * The learner's journey over HTTP (issue 23 items 1–3): the assessment kept with the account and shown to
 * the learner's own instructors, lesson records (and their email), the progress page, and the NSW logbook
 * with hand-computed hours — a day lesson, a winter evening lesson, the 11th hour, a learner over 25 — as
 * JSON and as a PDF read back with pdftotext. Only the learner reads their own progress and logbook.
 */
import { addDaysToDate, LOGBOOK_RULES, sydneyTodayDate } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instructorTeachingStops, outbox, saferDriversCourses } from "../../db/schema/index.ts";
import {
  addHours,
  insertLesson,
  newInstructor,
  newStudent,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfLines, pdfText } from "../../test/pdf-text.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { updateInstructorCompliance } from "../instructors/instructors.writes.ts";

type Http = ReturnType<typeof api>;
type Person = { id: string; token: string };

/** A Sydney wall time with its offset, as the logbook rule's unit tests write them. */
const at = (iso: string) => new Date(iso);

describeEachDatabase("the learner's journey", (kind) => {
  let t: TestApp;
  let http: Http;
  let ivy: Person;
  let olly: Person;
  let pending: Person;
  let ava: Person;
  let ben: Person;
  let cal: Person;
  let dee: Person;
  const lessons: Record<string, string> = {};
  let testDate: string;

  const lesson = (
    studentId: string,
    instructorId: string,
    start: string,
    minutes = 60,
    extra: { suburb?: string; status?: "COMPLETED" | "SCHEDULED" | "NO_SHOW" } = {},
  ) =>
    insertLesson(t.database.db, {
      studentId,
      instructorId,
      start: at(start),
      minutes,
      status: extra.status ?? "COMPLETED",
      suburb: extra.suburb ?? "Sydney CBD",
    });

  /** The instructor records a completed lesson, confirming it for the learner's logbook. */
  const confirmForLogbook = async (instructor: Person, bookingId: string | undefined) => {
    const res = await http.put(
      `/api/instructor/lessons/${bookingId}/record`,
      { skills: [{ skill: "Roundabouts", level: "PRACTISING" }], confirmLogbook: true },
      instructor.token,
    );
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t.app);
    const db = t.database.db;
    ivy = await newInstructor(http, db, { firstName: "Ivy", lastName: "Teach", licenseNumber: "87654321" });
    olly = await newInstructor(http, db, { firstName: "Olly", lastName: "Other" });
    pending = await newInstructor(http, db, { firstName: "Pat", lastName: "Pending" });
    await updateInstructorCompliance(db, pending.id, { verificationStatus: "PENDING" });
    ava = await newStudent(http, { firstName: "Ava", lastName: "Learner" });
    ben = await newStudent(http, { firstName: "Ben", lastName: "Older" });
    cal = await newStudent(http, { firstName: "Cal", lastName: "Unknown" });
    dee = await newStudent(http, { firstName: "Dee", lastName: "Dusk" });
    testDate = addDaysToDate(sydneyTodayDate(t.clock.now), 60);

    // Ava's lessons with Ivy, hours counted in order: 1 day hour, 1 night hour, 3 × 2 day hours (8 h),
    // 1 day hour (9 h), then a 2-hour lesson across the 10-hour cap, then one more hour (12 h in all).
    lessons.day = await lesson(ava.id, ivy.id, "2026-03-10T10:00:00+11:00");
    // 15 June 2026: sunset at the CBD 16:53 AEST, so 6–7 pm is night.
    lessons.winterEvening = await lesson(ava.id, ivy.id, "2026-06-15T18:00:00+10:00");
    for (const day of ["01", "02", "03"]) {
      lessons[`long${day}`] = await lesson(ava.id, ivy.id, `2026-07-${day}T10:00:00+10:00`, 120, {
        suburb: "Parramatta",
      });
    }
    lessons.ninth = await lesson(ava.id, ivy.id, "2026-07-06T10:00:00+10:00");
    lessons.acrossCap = await lesson(ava.id, ivy.id, "2026-07-07T10:00:00+10:00", 120);
    lessons.twelfth = await lesson(ava.id, ivy.id, "2026-07-08T10:00:00+10:00");
    // Not in the logbook: an unverified instructor's lesson, a no-show, and one still to come.
    lessons.unverified = await lesson(ava.id, pending.id, "2026-07-09T10:00:00+10:00");
    lessons.noShow = await lesson(ava.id, ivy.id, "2026-07-10T10:00:00+10:00", 60, { status: "NO_SHOW" });
    lessons.upcoming = await insertLesson(db, {
      studentId: ava.id,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 50),
      status: "SCHEDULED",
      suburb: "Sydney CBD",
    });
    // Ben, over 25, has one day lesson with Ivy; Cal gives no date of birth; Olly teaches only Cal.
    lessons.ben = await lesson(ben.id, ivy.id, "2026-03-11T10:00:00+11:00");
    lessons.cal = await lesson(cal.id, olly.id, "2026-03-12T10:00:00+11:00");
    // Across sunset (16:53 AEST at the CBD on 15 June 2026): 4:30–5:30 pm.
    lessons.dusk = await lesson(dee.id, olly.id, "2026-06-15T16:30:00+10:00");
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("the assessment", () => {
    it("starts from sign-up's answers and is kept with the account, date of birth too", async () => {
      const before = await http.get("/api/student/assessment", ava.token);
      expect(before.status).toBe(200);
      expect(before.body).toEqual({
        experienceLevel: "NEVER_DRIVEN",
        licenseType: "AUTOMATIC",
        targetTestDate: null,
        focusSkills: [],
        assessedAt: null,
        dateOfBirth: null,
      });

      const saved = await http.put(
        "/api/student/assessment",
        {
          experienceLevel: "SOME_EXPERIENCE",
          licenseType: "MANUAL",
          targetTestDate: testDate,
          focusSkills: ["Roundabouts", "Highway Driving"],
          dateOfBirth: "2008-03-01",
        },
        ava.token,
      );
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        experienceLevel: "SOME_EXPERIENCE",
        licenseType: "MANUAL",
        targetTestDate: testDate,
        focusSkills: ["Roundabouts", "Highway Driving"],
        dateOfBirth: "2008-03-01",
        assessedAt: t.clock.now.toISOString(),
      });

      // The booking wizard sends no date of birth: the one on record stays.
      const fromWizard = await http.put(
        "/api/student/assessment",
        {
          experienceLevel: "SOME_EXPERIENCE",
          licenseType: "MANUAL",
          targetTestDate: testDate,
          focusSkills: ["Roundabouts", "Highway Driving"],
        },
        ava.token,
      );
      expect(fromWizard.body.dateOfBirth).toBe("2008-03-01");
      expect((await http.get("/api/student/assessment", ava.token)).body).toEqual(fromWizard.body);

      const older = await http.put(
        "/api/student/assessment",
        { experienceLevel: "FAILED_TEST", licenseType: "AUTOMATIC", dateOfBirth: "1990-05-05" },
        ben.token,
      );
      expect(older.status).toBe(200);
      expect(older.body).toMatchObject({ targetTestDate: null, focusSkills: [], dateOfBirth: "1990-05-05" });
    });

    it("refuses a test date in the past, a birth date in the future or under 15, and unknown skills", async () => {
      const today = sydneyTodayDate(t.clock.now);
      const base = { experienceLevel: "NEVER_DRIVEN", licenseType: "AUTOMATIC" };
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { targetTestDate: addDaysToDate(today, -1) },
          "targetTestDate",
          "Your test date can't be in the past.",
        ],
        [
          { dateOfBirth: addDaysToDate(today, 1) },
          "dateOfBirth",
          "Your date of birth can't be in the future.",
        ],
        [{ dateOfBirth: addDaysToDate(today, -365 * 14) }, "dateOfBirth", "at least 15"],
        [{ focusSkills: ["Drifting"] }, "focusSkills.0", "Choose skills from"],
        [{ focusSkills: ["Roundabouts", "Roundabouts"] }, "focusSkills", "each skill once"],
        [{ targetTestDate: "2026-02-30" }, "targetTestDate", "Not a real calendar date"],
      ];
      for (const [body, path, message] of cases) {
        const res = await http.put("/api/student/assessment", { ...base, ...body }, cal.token);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe("validation_error");
        const issue = (res.body.error.details as Array<{ path: string; message: string }>).find(
          (d) => d.path === path,
        );
        expect(issue?.message, JSON.stringify(res.body.error)).toContain(message);
      }
      // Today's test date is fine; so is a 15th birthday today.
      const ok = await http.put(
        "/api/student/assessment",
        { ...base, targetTestDate: today, dateOfBirth: `${Number(today.slice(0, 4)) - 15}${today.slice(4)}` },
        cal.token,
      );
      expect(ok.status).toBe(200);
      // Cal takes the date of birth back out: the logbook then counts him as under 25.
      const removed = await http.put("/api/student/assessment", { ...base, dateOfBirth: null }, cal.token);
      expect(removed.body.dateOfBirth).toBeNull();
    });

    it("is the student's own: an instructor is 403, nobody signed in 401", async () => {
      expect((await http.get("/api/student/assessment", ivy.token)).status).toBe(403);
      expect((await http.put("/api/student/assessment", {}, ivy.token)).status).toBe(403);
      expect((await http.get("/api/student/assessment")).status).toBe(401);
    });

    it("shows on each of the learner's lessons with their instructor, and on the dashboard's schedule", async () => {
      const expected = {
        experienceLevel: "SOME_EXPERIENCE",
        licenseType: "MANUAL",
        targetTestDate: testDate,
        focusSkills: ["Roundabouts", "Highway Driving"],
      };
      const past = await http.get("/api/instructor/lessons?scope=past&pageSize=50", ivy.token);
      expect(past.status).toBe(200);
      const avaLessons = past.body.items.filter((l: { id: string }) =>
        [lessons.day, lessons.winterEvening].includes(l.id),
      );
      expect(avaLessons).toHaveLength(2);
      for (const l of avaLessons) expect(l.assessment).toMatchObject(expected);
      // The date of birth is the learner's own: never on an instructor's lesson.
      expect(JSON.stringify(past.body)).not.toContain("2008-03-01");

      const upcoming = await http.get("/api/instructor/lessons?scope=upcoming", ivy.token);
      expect(
        upcoming.body.items.find((l: { id: string }) => l.id === lessons.upcoming)?.assessment,
      ).toMatchObject(expected);
      const dashboard = await http.get("/api/instructor/dashboard", ivy.token);
      expect(dashboard.status).toBe(200);
      expect(
        dashboard.body.upcoming.find((l: { id: string }) => l.id === lessons.upcoming)?.assessment,
      ).toMatchObject(expected);
    });

    it("is not shown to an instructor the learner has no lesson with", async () => {
      const res = await http.get("/api/instructor/lessons?scope=past&pageSize=50", olly.token);
      expect(res.status).toBe(200);
      expect(res.body.items.map((l: { id: string }) => l.id)).toEqual([lessons.dusk, lessons.cal]);
      expect(JSON.stringify(res.body)).not.toContain("Highway Driving");
    });
  });

  describe("lesson records", () => {
    const record = (token: string, id: string | undefined, body: Record<string, unknown>) =>
      http.put(`/api/instructor/lessons/${id}/record`, body, token);

    const recordedMail = (bookingId: string | undefined) =>
      t.database.db
        .select({ to: outbox.toEmail, subject: outbox.subject, text: outbox.textBody })
        .from(outbox)
        .where(and(eq(outbox.kind, "lesson_recorded"), eq(outbox.dedupeKey, `lesson-recorded:${bookingId}`)));

    it("records a completed lesson, emails the learner once, and stays editable", async () => {
      // Recorded out of order: the June lesson first, then the March one.
      const june = await record(ivy.token, lessons.winterEvening, {
        skills: [
          { skill: "Night Driving", level: "INTRODUCED" },
          { skill: "Roundabouts", level: "PRACTISING" },
        ],
        note: "Good lane discipline after dark.\nMirrors before braking.",
        confirmLogbook: true,
      });
      expect(june.status).toBe(200);
      expect(june.body.lesson.record).toMatchObject({
        skills: [
          { skill: "Night Driving", level: "INTRODUCED" },
          { skill: "Roundabouts", level: "PRACTISING" },
        ],
        note: "Good lane discipline after dark.\nMirrors before braking.",
        logbookConfirmedAt: t.clock.now.toISOString(),
      });

      const march = await record(ivy.token, lessons.day, {
        skills: [
          { skill: "Roundabouts", level: "INTRODUCED" },
          { skill: "Hill Starts", level: "PRACTISING" },
        ],
        note: "  First lesson: steady.  ",
        confirmLogbook: false,
      });
      expect(march.status).toBe(200);
      expect(march.body.lesson.record).toMatchObject({
        note: "First lesson: steady.",
        logbookConfirmedAt: null,
      });

      const [mail, ...more] = await recordedMail(lessons.winterEvening);
      expect(more).toHaveLength(0);
      const profile = await http.get("/api/student/profile", ava.token);
      expect(mail?.to).toBe(profile.body.email);
      expect(mail?.subject).toBe("Your lesson on 15/06/2026: what you worked on");
      expect(mail?.text).toContain("Ivy Teach has recorded your lesson on 15/06/2026, 6:00 pm – 7:00 pm");
      expect(mail?.text).toContain("Night Driving");
      expect(mail?.text).toContain("Practising");
      expect(mail?.text).toContain("Good lane discipline after dark.");
      expect(mail?.text).toContain("confirmed it as a structured lesson");
      expect(mail?.text).toContain("/student/progress");

      // An edit: the record changes, the confirmation keeps its moment, no second email.
      t.clock.advanceMinutes(30);
      const edited = await record(ivy.token, lessons.winterEvening, {
        skills: [{ skill: "Night Driving", level: "PRACTISING" }],
        confirmLogbook: true,
      });
      expect(edited.status).toBe(200);
      expect(edited.body.lesson.record).toMatchObject({
        skills: [{ skill: "Night Driving", level: "PRACTISING" }],
        note: "",
        logbookConfirmedAt: june.body.lesson.record.logbookConfirmedAt,
        updatedAt: t.clock.now.toISOString(),
      });
      expect(await recordedMail(lessons.winterEvening)).toHaveLength(1);
      // Put back as first recorded, for the progress test below.
      await record(ivy.token, lessons.winterEvening, {
        skills: [
          { skill: "Night Driving", level: "INTRODUCED" },
          { skill: "Roundabouts", level: "PRACTISING" },
        ],
        note: "Good lane discipline after dark.",
        confirmLogbook: true,
      });

      // The instructor's list carries the record.
      const past = await http.get("/api/instructor/lessons?scope=past&pageSize=50", ivy.token);
      const listed = past.body.items.find((l: { id: string }) => l.id === lessons.day);
      expect(listed.record.skills).toEqual([
        { skill: "Roundabouts", level: "INTRODUCED" },
        { skill: "Hill Starts", level: "PRACTISING" },
      ]);
    });

    it("only for the instructor's own completed lesson", async () => {
      const body = { skills: [{ skill: "Roundabouts", level: "INTRODUCED" }], confirmLogbook: true };
      expect((await record(olly.token, lessons.day, body)).status).toBe(404);
      const scheduled = await record(ivy.token, lessons.upcoming, body);
      expect(scheduled.status).toBe(409);
      expect(scheduled.body.error.code).toBe("invalid_state");
      expect((await record(ivy.token, lessons.noShow, body)).status).toBe(409);
      expect((await record(ava.token, lessons.day, body)).status).toBe(403);
      expect((await record(ivy.token, "00000000-0000-4000-8000-000000000000", body)).status).toBe(404);
    });

    it("refuses no skills, a skill twice, an unknown skill or level, and a long or binary note", async () => {
      const skill = { skill: "Roundabouts", level: "INTRODUCED" };
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ skills: [], confirmLogbook: false }, "skills"],
        [{ skills: [skill, { ...skill, level: "COMPETENT" }], confirmLogbook: false }, "skills"],
        [{ skills: [{ skill: "Drifting", level: "INTRODUCED" }], confirmLogbook: false }, "skills.0.skill"],
        [{ skills: [{ skill: "Roundabouts", level: "EXPERT" }], confirmLogbook: false }, "skills.0.level"],
        [{ skills: [skill], note: "x".repeat(501), confirmLogbook: false }, "note"],
        [{ skills: [skill], note: "bad\u0000note", confirmLogbook: false }, "note"],
        [{ skills: [skill] }, "confirmLogbook"],
      ];
      for (const [body, path] of bad) {
        const res = await record(ivy.token, lessons.ninth, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
      }
      const longest = await record(ivy.token, lessons.ninth, {
        skills: [{ skill: "Parallel Parking", level: "INTRODUCED" }],
        note: "x".repeat(500),
        confirmLogbook: false,
      });
      expect(longest.status).toBe(200);
      expect(await recordedMail(lessons.ninth)).toHaveLength(1);
    });
  });

  describe("progress", () => {
    it("shows each skill's latest level by lesson date, the lessons done, the notes and what to work on next", async () => {
      const res = await http.get("/api/student/progress", ava.token);
      expect(res.status).toBe(200);
      const byName = Object.fromEntries(
        (res.body.skills as Array<{ skill: string }>).map((s) => [s.skill, s]),
      );
      // Roundabouts: INTRODUCED in March, PRACTISING in June (recorded first, but the later lesson).
      expect(byName.Roundabouts).toMatchObject({
        level: "PRACTISING",
        lessons: 2,
        isFocus: true,
        lastPractisedAt: "2026-06-15T08:00:00.000Z",
      });
      expect(byName["Night Driving"]).toMatchObject({ level: "INTRODUCED", isFocus: false });
      expect(byName["Highway Driving"]).toMatchObject({ level: null, lessons: 0, isFocus: true });
      expect(res.body).toMatchObject({
        focusSkills: ["Roundabouts", "Highway Driving"],
        targetTestDate: testDate,
        // 8 completed lessons with Ivy (12 h) and one with the unverified instructor (1 h).
        lessonsCompleted: 9,
        minutesCompleted: 13 * 60,
      });
      expect(res.body.nextSteps.slice(0, 2)).toEqual([
        { skill: "Highway Driving", level: null, isFocus: true, reason: "FOCUS" },
        { skill: "Roundabouts", level: "PRACTISING", isFocus: true, reason: "FOCUS" },
      ]);
      expect(res.body.recentRecords.map((r: { bookingId: string }) => r.bookingId)).toEqual([
        lessons.ninth,
        lessons.winterEvening,
        lessons.day,
      ]);
      expect(res.body.recentRecords[1]).toMatchObject({
        instructor: { firstName: "Ivy", lastName: "Teach" },
        note: "Good lane discipline after dark.",
        logbookConfirmed: true,
      });
    });

    it("is the learner's own: another student sees only theirs, an instructor is 403", async () => {
      const other = await http.get("/api/student/progress", ben.token);
      expect(other.status).toBe(200);
      expect(other.body).toMatchObject({ lessonsCompleted: 1, recentRecords: [] });
      expect(JSON.stringify(other.body)).not.toContain(lessons.day);
      expect((await http.get("/api/student/progress", ivy.token)).status).toBe(403);
      expect((await http.get("/api/student/progress")).status).toBe(401);
    });
  });

  describe("the NSW logbook", () => {
    beforeAll(async () => {
      // Ivy confirms all of Ava's lessons for the logbook but one she has not recorded yet, the day
      // before the first: it is listed, and credits nothing.
      for (const key of ["day", "long01", "long02", "long03", "ninth", "acrossCap", "twelfth"]) {
        await confirmForLogbook(ivy, lessons[key]);
      }
      lessons.unconfirmed = await lesson(ava.id, ivy.id, "2026-03-09T10:00:00+11:00");
      await confirmForLogbook(olly, lessons.dusk);
      await confirmForLogbook(ivy, lessons.ben);
      await confirmForLogbook(olly, lessons.cal);
    });

    it("credits Ava's lessons by hand: a day lesson, a winter evening, the 11th hour and after", async () => {
      const res = await http.get("/api/student/logbook", ava.token);
      expect(res.status).toBe(200);
      const rows = res.body.lessons as Array<Record<string, unknown>>;
      // The unverified instructor's lesson, the no-show and the lesson to come are not in it.
      expect(rows.map((r) => r.bookingId)).toEqual([
        lessons.unconfirmed,
        lessons.day,
        lessons.winterEvening,
        lessons.long01,
        lessons.long02,
        lessons.long03,
        lessons.ninth,
        lessons.acrossCap,
        lessons.twelfth,
      ]);
      // Not confirmed by Ivy: listed with its minutes, credits nothing and leaves the bonus alone.
      expect(rows.shift()).toMatchObject({
        date: "2026-03-09",
        dayMinutes: 60,
        bonusMinutes: 0,
        creditedMinutes: 0,
        confirmed: false,
        rule: "NOT_CONFIRMED",
      });
      const pick = ({
        dayMinutes,
        nightMinutes,
        bonusMinutes,
        creditedDayMinutes,
        creditedNightMinutes,
        creditedMinutes,
      }: Record<string, unknown>) => [
        dayMinutes,
        nightMinutes,
        bonusMinutes,
        creditedDayMinutes,
        creditedNightMinutes,
        creditedMinutes,
      ];
      // A day lesson: 60 day minutes, three times over.
      expect(rows[0]).toMatchObject({
        date: "2026-03-10",
        startTime: "2026-03-09T23:00:00.000Z",
        endTime: "2026-03-10T00:00:00.000Z",
        suburb: "Sydney CBD",
        instructor: { firstName: "Ivy", lastName: "Teach", licenseNumber: "87654321" },
        confirmed: true,
        rule: "THREE_FOR_ONE",
      });
      expect(pick(rows[0] ?? {})).toEqual([60, 0, 60, 180, 0, 180]);
      // 6–7 pm on 15 June, after the 4:53 pm sunset: one night hour, its two bonus hours by day.
      expect(rows[1]).toMatchObject({ date: "2026-06-15", confirmed: true });
      expect(pick(rows[1] ?? {})).toEqual([0, 60, 60, 120, 60, 180]);
      // Three 2-hour day lessons and one hour: all within the first 10 hours.
      for (const row of rows.slice(2, 5)) expect(pick(row)).toEqual([120, 0, 120, 360, 0, 360]);
      expect(pick(rows[5] ?? {})).toEqual([60, 0, 60, 180, 0, 180]);
      // Hours 10 and 11: the 10th counts three times, the 11th once (3 × 60 + 60).
      expect(pick(rows[6] ?? {})).toEqual([120, 0, 60, 240, 0, 240]);
      // The 12th hour counts once.
      expect(pick(rows[7] ?? {})).toEqual([60, 0, 0, 60, 0, 60]);
      expect(rows[7]).toMatchObject({ rule: "HOUR_FOR_HOUR" });

      expect(res.body).toMatchObject({
        dateOfBirth: "2008-03-01",
        requiredMinutes: 7200,
        requiredNightMinutes: 1200,
        totals: {
          lessonMinutes: 780,
          lessonNightMinutes: 60,
          outsideLessonMinutes: 0,
          creditedMinutes: 1920,
          creditedNightMinutes: 60,
          remainingMinutes: 7200 - 1920,
          remainingNightMinutes: 1200 - 60,
          bonusMinutesLeft: 0,
          under25: true,
          ageUnknown: false,
          // Each total says the rule that produced it.
          lines: [
            {
              rule: "THREE_FOR_ONE",
              text: LOGBOOK_RULES.THREE_FOR_ONE,
              drivenMinutes: 600,
              creditedMinutes: 1800,
            },
            {
              rule: "HOUR_FOR_HOUR",
              text: LOGBOOK_RULES.HOUR_FOR_HOUR,
              drivenMinutes: 120,
              creditedMinutes: 120,
            },
            {
              rule: "NOT_CONFIRMED",
              text: LOGBOOK_RULES.NOT_CONFIRMED,
              drivenMinutes: 60,
              creditedMinutes: 0,
            },
          ],
          nightRule: LOGBOOK_RULES.NIGHT,
          requirementRule: LOGBOOK_RULES.REQUIREMENT,
        },
        outsideLessons: [],
        saferDriversCourse: null,
      });
    });

    it("splits a lesson across sunset into its day and night minutes", async () => {
      const res = await http.get("/api/student/logbook", dee.token);
      expect(res.status).toBe(200);
      // 23 minutes before the 4:53 pm sunset, 37 after; the bonus 120 minutes are day minutes.
      expect(res.body.lessons[0]).toMatchObject({
        bookingId: lessons.dusk,
        dayMinutes: 23,
        nightMinutes: 37,
        bonusMinutes: 60,
        creditedDayMinutes: 23 + 120,
        creditedNightMinutes: 37,
        creditedMinutes: 180,
      });
      expect(res.body.totals).toMatchObject({ creditedMinutes: 180, creditedNightMinutes: 37 });
    });

    it("credits a learner over 25 nothing, and counts one without a date of birth as under 25", async () => {
      const ben25 = await http.get("/api/student/logbook", ben.token);
      expect(ben25.status).toBe(200);
      expect(ben25.body.lessons).toHaveLength(1);
      expect(ben25.body.lessons[0]).toMatchObject({
        bookingId: lessons.ben,
        dayMinutes: 60,
        nightMinutes: 0,
        bonusMinutes: 0,
        creditedMinutes: 0,
      });
      expect(ben25.body.totals).toMatchObject({
        lessonMinutes: 60,
        creditedMinutes: 0,
        remainingMinutes: 0,
        remainingNightMinutes: 0,
        under25: false,
        ageUnknown: false,
      });

      const unknown = await http.get("/api/student/logbook", cal.token);
      expect(unknown.body.totals).toMatchObject({ creditedMinutes: 180, under25: true, ageUnknown: true });
    });

    it("does not count a lesson taught while its instructor was not allowed to teach (decision 031)", async () => {
      // Olly was rejected the day of Cal's lesson and verified again the day after.
      const [stop] = await t.database.db
        .insert(instructorTeachingStops)
        .values({
          instructorId: olly.id,
          reason: "REJECTED",
          startsAt: new Date("2026-03-12T00:00:00+11:00"),
          endsAt: new Date("2026-03-13T00:00:00+11:00"),
        })
        .returning({ id: instructorTeachingStops.id });
      try {
        const res = await http.get("/api/student/logbook", cal.token);
        expect(res.body.lessons).toEqual([]);
        expect(res.body.totals).toMatchObject({ lessonMinutes: 0, creditedMinutes: 0 });
      } finally {
        await t.database.db
          .delete(instructorTeachingStops)
          .where(eq(instructorTeachingStops.id, stop?.id ?? ""));
      }
    });

    it("is the learner's own: another student sees only theirs, an instructor is 403", async () => {
      const other = await http.get("/api/student/logbook", ben.token);
      expect(JSON.stringify(other.body)).not.toContain(lessons.day);
      expect((await http.get("/api/student/logbook", ivy.token)).status).toBe(403);
      expect((await http.get("/api/student/logbook.pdf", ivy.token)).status).toBe(403);
      expect((await http.get("/api/student/logbook.pdf")).status).toBe(401);
    });

    it("downloads as a PDF record of the structured lessons", async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/student/logbook.pdf",
        headers: { authorization: `Bearer ${ava.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      const file = `Kerb-logbook-Ava-Learner-${sydneyTodayDate(t.clock.now)}.pdf`;
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="${file}"; filename*=UTF-8''${file}`,
      );
      const text = pdfText(res.rawPayload);
      expect(text).toContain("Structured lessons for the NSW learner logbook");
      expect(text).toContain("Ava Learner");
      expect(text).toContain("01/03/2008");
      // pdftotext reads a table column by column: each row's cells are checked, not the row as a line.
      expect(text).toContain("Date Time Instructor Day Night Credited Confirmed");
      // The lesson not confirmed: 1:00 day, credited nothing; then the day lesson: 1:00 day, 3:00 credited.
      expect(text).toContain(
        "09/03/2026 10:00 am – 11:00 am Ivy Teach 1:00 0:00 0:00 Not yet 1:00 0:00 3:00 Yes",
      );
      expect(text).toContain("10/03/2026 10:00 am – 11:00 am Ivy Teach");
      // The winter evening: 0:00 day, 1:00 night, 3:00 credited of which 1:00 at night, confirmed.
      expect(text).toContain("0:00 1:00 3:00 Yes");
      expect(text).toContain("15/06/2026");
      expect(text).toContain("6:00 pm – 7:00 pm");
      expect(text).toContain("1:00 night");
      expect(text).toContain("Licence 87654321");
      // Hours 10 and 11, then the 12th.
      expect(text).toContain("2:00 0:00 4:00 Yes 1:00 0:00 1:00 Yes");
      expect(text).toContain("32:00 of 120:00 1:00 of 20:00 88:00 19:00");
      // The credited total, rule by rule: 10 hours three times, 2 once, 1 not confirmed.
      expect(text).toContain(
        `${LOGBOOK_RULES.HOUR_FOR_HOUR} 2:00 2:00 ${LOGBOOK_RULES.NOT_CONFIRMED} 1:00 0:00`,
      );
      expect(text).not.toContain("Pat Pending");
    });

    it.each([
      ["李", "小龍"],
      ["محمد", "علي"],
    ])(
      "prints %s %s in the header and every footer, and keeps the name in the file name",
      async (firstName, lastName) => {
        const learner = await newStudent(http, { firstName, lastName });
        const res = await t.app.inject({
          method: "GET",
          url: "/api/student/logbook.pdf",
          headers: { authorization: `Bearer ${learner.token}` },
        });
        expect(res.statusCode).toBe(200);
        const name = `${firstName} ${lastName}`;
        const today = sydneyTodayDate(t.clock.now);
        const utf8 = encodeURIComponent(`Kerb-logbook-${firstName}-${lastName}-${today}.pdf`);
        // Clients that read only `filename` get the date; the others the learner's name as written.
        expect(res.headers["content-disposition"]).toBe(
          `attachment; filename="Kerb-logbook-${today}.pdf"; filename*=UTF-8''${utf8}`,
        );
        // pdftotext wraps right-to-left text in invisible bidi marks.
        const lines = pdfLines(res.rawPayload).map((line) => line.replace(/[\u202A-\u202E]/g, ""));
        const text = lines.join(" ");
        // The Learner value in the header and the footer's "Logbook record of …", never empty boxes.
        expect(text.split(name).length - 1).toBe(2);
        expect(text).toContain("Logbook record of");
        expect(text).toContain("Page 1 of 1");
        // The empty state reads across the table on one line, not wrapped inside the Date column.
        expect(lines).toContain("No completed lessons with a verified instructor yet.");
      },
    );
  });

  describe("declared lessons and the Safer Drivers Course", () => {
    let eve: Person;
    let today: string;
    const daysAgo = (n: number) => addDaysToDate(today, -n);
    const logbookOf = async (who: Person) => (await http.get("/api/student/logbook", who.token)).body;
    const declare = (who: Person, body: Record<string, unknown>) =>
      http.post("/api/student/logbook/outside-lessons", body, who.token);

    beforeAll(async () => {
      today = sydneyTodayDate(t.clock.now);
      eve = await newStudent(http, { firstName: "Eve", lastName: "Elsewhere" });
      // Three day hours with Ivy in March, all confirmed.
      for (const day of ["16", "17", "18"]) {
        await confirmForLogbook(ivy, await lesson(eve.id, ivy.id, `2026-03-${day}T10:00:00+11:00`));
      }
    });

    it("the logbook applies the 10-hour cap across declared outside lessons", async () => {
      // 8 structured hours with another school in February leave 2 bonus hours for Eve's lessons with Ivy.
      const first = await declare(eve, {
        school: "Bondi Driving School",
        date: "2026-02-02",
        minutes: 300,
        structured: true,
      });
      expect(first.status).toBe(200);
      const res = await declare(eve, {
        school: "Bondi Driving School",
        date: "2026-02-09",
        minutes: 180,
        structured: true,
      });
      expect(res.status).toBe(200);
      expect(res.body.outsideLessons).toEqual([
        expect.objectContaining({
          school: "Bondi Driving School",
          date: "2026-02-02",
          minutes: 300,
          structured: true,
          bonusMinutes: 300,
          creditedMinutes: 900,
          rule: "THREE_FOR_ONE",
        }),
        expect.objectContaining({
          date: "2026-02-09",
          minutes: 180,
          bonusMinutes: 180,
          creditedMinutes: 540,
          rule: "THREE_FOR_ONE",
        }),
      ]);
      expect(
        res.body.lessons.map((l: Record<string, unknown>) => [l.bonusMinutes, l.creditedMinutes, l.rule]),
      ).toEqual([
        [60, 180, "THREE_FOR_ONE"],
        [60, 180, "THREE_FOR_ONE"],
        [0, 60, "HOUR_FOR_HOUR"],
      ]);
      expect(res.body.totals).toMatchObject({
        lessonMinutes: 180,
        outsideLessonMinutes: 480,
        creditedMinutes: 1860,
        bonusMinutesLeft: 0,
        lines: [
          { rule: "THREE_FOR_ONE", drivenMinutes: 600, creditedMinutes: 1800 },
          { rule: "HOUR_FOR_HOUR", drivenMinutes: 60, creditedMinutes: 60 },
        ],
      });
      expect(await logbookOf(eve)).toEqual(res.body);
    });

    it("counts a lesson that was not structured hour for hour, and takes a declared lesson back", async () => {
      const res = await declare(eve, {
        school: "  Mum's car club ",
        date: daysAgo(3),
        minutes: 45,
        structured: false,
      });
      expect(res.status).toBe(200);
      const declared = res.body.outsideLessons.at(-1);
      expect(declared).toMatchObject({
        school: "Mum's car club",
        minutes: 45,
        creditedMinutes: 45,
        rule: "HOUR_FOR_HOUR",
      });
      expect(res.body.totals.creditedMinutes).toBe(1860 + 45);
      // Another learner cannot remove it; Eve can, once.
      expect(
        (await http.delete(`/api/student/logbook/outside-lessons/${declared.id}`, ava.token)).status,
      ).toBe(404);
      const removed = await http.delete(`/api/student/logbook/outside-lessons/${declared.id}`, eve.token);
      expect(removed.status).toBe(200);
      expect(removed.body.totals.creditedMinutes).toBe(1860);
      expect(
        (await http.delete(`/api/student/logbook/outside-lessons/${declared.id}`, eve.token)).status,
      ).toBe(404);
    });

    it("refuses negative or absurd hours and dates in the future or too long ago, changing nothing", async () => {
      const before = await logbookOf(eve);
      const good = { school: "Bondi Driving School", date: daysAgo(1), minutes: 60, structured: true };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ minutes: -60 }, "minutes"],
        [{ minutes: 0 }, "minutes"],
        [{ minutes: 481 }, "minutes"],
        [{ minutes: 1e9 }, "minutes"],
        [{ minutes: 59.5 }, "minutes"],
        [{ minutes: "60" }, "minutes"],
        [{ school: "  " }, "school"],
        [{ structured: undefined }, "structured"],
        [{ date: "2026-02-30" }, "date"],
        [{ date: addDaysToDate(today, 1) }, "date"],
        [{ date: addDaysToDate(today, -6 * 366) }, "date"],
      ];
      for (const [change, field] of cases) {
        const res = await declare(eve, { ...good, ...change });
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.body.error.code, JSON.stringify(change)).toBe("validation_error");
        expect(JSON.stringify(res.body.error.details), JSON.stringify(change)).toContain(field);
      }
      const future = await declare(eve, { ...good, date: addDaysToDate(today, 1) });
      expect(future.body.error.message).toBe("That date is in the future.");
      const sdcFuture = await http.put(
        "/api/student/logbook/safer-drivers-course",
        { completedOn: addDaysToDate(today, 1) },
        eve.token,
      );
      expect(sdcFuture.status).toBe(400);
      expect(await logbookOf(eve)).toEqual(before);
    });

    it("adds the Safer Drivers Course's 20 hours once; a second is refused and changes nothing", async () => {
      const res = await http.put(
        "/api/student/logbook/safer-drivers-course",
        { completedOn: daysAgo(10) },
        eve.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.saferDriversCourse).toEqual({
        completedOn: daysAgo(10),
        creditedMinutes: 1200,
        rule: "SAFER_DRIVERS_COURSE",
      });
      expect(res.body.totals).toMatchObject({
        creditedMinutes: 1860 + 1200,
        creditedNightMinutes: 0,
        lines: [
          { rule: "THREE_FOR_ONE", creditedMinutes: 1800 },
          { rule: "HOUR_FOR_HOUR", creditedMinutes: 60 },
          {
            rule: "SAFER_DRIVERS_COURSE",
            text: LOGBOOK_RULES.SAFER_DRIVERS_COURSE,
            drivenMinutes: 0,
            creditedMinutes: 1200,
          },
        ],
      });
      const second = await http.put(
        "/api/student/logbook/safer-drivers-course",
        { completedOn: daysAgo(2) },
        eve.token,
      );
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe("conflict");
      expect(await logbookOf(eve)).toEqual(res.body);

      // Taken back (to correct its date), it can be recorded again; none left to remove is 404.
      const removed = await http.delete("/api/student/logbook/safer-drivers-course", eve.token);
      expect(removed.status).toBe(200);
      expect(removed.body.saferDriversCourse).toBeNull();
      expect((await http.delete("/api/student/logbook/safer-drivers-course", eve.token)).status).toBe(404);
      const again = await http.put(
        "/api/student/logbook/safer-drivers-course",
        { completedOn: daysAgo(2) },
        eve.token,
      );
      expect(again.body.saferDriversCourse).toMatchObject({ completedOn: daysAgo(2) });
    });

    it("the database itself keeps one course per learner", async () => {
      await expect(
        t.database.db.insert(saferDriversCourses).values({ studentId: eve.id, completedOn: daysAgo(1) }),
      ).rejects.toThrow();
    });

    it("is the learner's own to declare: an instructor is 403, nobody signed in 401", async () => {
      const body = { school: "X", date: daysAgo(1), minutes: 60, structured: true };
      expect((await http.post("/api/student/logbook/outside-lessons", body, ivy.token)).status).toBe(403);
      expect((await http.post("/api/student/logbook/outside-lessons", body)).status).toBe(401);
      expect(
        (await http.put("/api/student/logbook/safer-drivers-course", { completedOn: daysAgo(1) }, ivy.token))
          .status,
      ).toBe(403);
    });

    it("prints the declared lessons, the course and each total's rule in the PDF", async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/student/logbook.pdf",
        headers: { authorization: `Bearer ${eve.token}` },
      });
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toContain("Bondi Driving School");
      expect(text).toContain("Safer Drivers Course");
      expect(text).toContain("51:00 of 120:00");
      for (const rule of ["THREE_FOR_ONE", "HOUR_FOR_HOUR", "SAFER_DRIVERS_COURSE"] as const) {
        expect(text.replace(/\s+/g, " ")).toContain(LOGBOOK_RULES[rule]);
      }
    });
  });
});
