import { describe, expect, it } from "vitest";
import {
  daysUntil,
  isDocumentExpiringSoon,
  isMarkLessonDue,
  isReminderDue,
  MARK_LESSON_BATCH_MINUTES,
  mayNudgeInstructorAgain,
  reminderWindow,
} from "./notification-timing.ts";

const start = new Date("2026-05-12T00:00:00Z"); // 10:00 am in Sydney
const hours = (h: number) => new Date(start.getTime() + h * 3_600_000);
const bookedLongAgo = new Date("2026-05-01T00:00:00Z");

describe("isReminderDue", () => {
  it("is due from exactly 24 h before the start until the start", () => {
    const lesson = { startTime: start, bookedAt: bookedLongAgo };
    expect(isReminderDue(lesson, hours(-24.01))).toBe(false);
    expect(isReminderDue(lesson, hours(-24))).toBe(true);
    expect(isReminderDue(lesson, hours(-1))).toBe(true);
    expect(isReminderDue(lesson, hours(0))).toBe(false);
  });

  it("is never due for a lesson booked inside the last 24 hours: the confirmation just said when", () => {
    expect(isReminderDue({ startTime: start, bookedAt: hours(-23) }, hours(-22))).toBe(false);
    expect(isReminderDue({ startTime: start, bookedAt: hours(-24) }, hours(-22))).toBe(false);
    expect(isReminderDue({ startTime: start, bookedAt: hours(-24.5) }, hours(-22))).toBe(true);
  });

  it("the scan window covers the next 24 hours", () => {
    expect(reminderWindow(hours(-24))).toEqual({ from: hours(-24), to: start });
  });
});

describe("isMarkLessonDue", () => {
  const lesson = { endTime: hours(1) };
  it("is due once the lesson has ended, for a week", () => {
    expect(isMarkLessonDue(lesson, hours(0.99))).toBe(false);
    expect(isMarkLessonDue(lesson, hours(1))).toBe(true);
    expect(isMarkLessonDue(lesson, hours(1 + 7 * 24 - 0.01))).toBe(true);
    expect(isMarkLessonDue(lesson, hours(1 + 7 * 24))).toBe(false);
  });
});

describe("isDocumentExpiringSoon", () => {
  it("is due from 30 days ahead until the day before the document lapses", () => {
    expect(isDocumentExpiringSoon("2026-06-11", "2026-05-11")).toBe(false); // 31 days
    expect(isDocumentExpiringSoon("2026-06-10", "2026-05-11")).toBe(true); // 30 days
    expect(isDocumentExpiringSoon("2026-05-12", "2026-05-11")).toBe(true);
    expect(isDocumentExpiringSoon("2026-05-11", "2026-05-11")).toBe(false); // lapses today
  });

  it("counts calendar days, whatever DST does", () => {
    expect(daysUntil("2026-04-06", "2026-04-04")).toBe(2);
    expect(daysUntil("2026-10-05", "2026-10-03")).toBe(2);
    expect(daysUntil("2026-06-10", "2026-05-11")).toBe(30);
  });
});

describe("mayNudgeInstructorAgain", () => {
  const now = new Date("2027-03-01T00:00:00Z");
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

  it("lets a first nudge go at once and holds the next for the batch window", () => {
    expect(MARK_LESSON_BATCH_MINUTES).toBe(10);
    expect(mayNudgeInstructorAgain(null, now)).toBe(true);
    expect(mayNudgeInstructorAgain(minutesAgo(0), now)).toBe(false);
    expect(mayNudgeInstructorAgain(minutesAgo(9.99), now)).toBe(false);
    expect(mayNudgeInstructorAgain(minutesAgo(10), now)).toBe(true);
  });

  it("is not held up by a nudge stamped after now (a clock set back)", () => {
    expect(mayNudgeInstructorAgain(minutesAgo(-5), now)).toBe(true);
  });
});
