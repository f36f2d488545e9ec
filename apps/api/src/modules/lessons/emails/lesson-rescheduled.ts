/**
 * Lesson moved: to the student (with a calendar file that moves the event) and to the instructor (unless
 * they moved it themselves), each with the old and the new time.
 */

import { paths } from "@kerb/shared/paths";
import type { LessonActor } from "@kerb/shared/rules";
import { fullName } from "@kerb/shared/rules";
import {
  brandedEmail,
  type LessonSummary,
  type LessonTime,
  lessonWhenShort,
  link,
  movedRows,
  type Person,
  pickupOf,
  type RenderedEmail,
} from "../../notifications/index.ts";

interface LessonRescheduledData {
  student: Person;
  instructor: Person;
  /** The lesson at its new time. */
  lesson: LessonSummary;
  previous: LessonTime;
  /** Who moved it (today only students can; the wording is ready for the others). */
  movedBy: Exclude<LessonActor, "SYSTEM">;
  appUrl?: string;
}

/** The instructor's email. */
export function lessonRescheduled(data: LessonRescheduledData): RenderedEmail {
  const url = link(data.appUrl, paths.instructor.lessons());
  const who = data.movedBy === "STUDENT" ? fullName(data.student) : "Kerb's support team";
  return brandedEmail({
    subject: `Lesson moved: ${fullName(data.student)} is now ${lessonWhenShort(data.lesson)}`,
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      data.movedBy === "STUDENT"
        ? `${who} has moved their lesson with you to a new time. Your calendar is updated; the old time is free again.`
        : `${who} has moved your lesson with ${fullName(data.student)} to a new time. Your calendar is updated; the old time is free again.`,
    ],
    details: [
      ...movedRows(data.previous, data.lesson),
      ["Student", fullName(data.student)],
      ["Pickup", pickupOf(data.lesson)],
    ],
    ...(url ? { action: { label: "Open my lessons", url } } : {}),
    footnote: "You received this email because a lesson you teach on Kerb was moved.",
  });
}

/** The student's email: whoever moved the lesson, the student hears of its new time. */
export function lessonRescheduledForStudent(data: LessonRescheduledData): RenderedEmail {
  const url = link(data.appUrl, paths.student.bookings());
  const opening =
    data.movedBy === "STUDENT"
      ? `You have moved your lesson with ${fullName(data.instructor)} to a new time.`
      : `${data.movedBy === "INSTRUCTOR" ? fullName(data.instructor) : "Kerb's support team"} has moved your lesson with ${fullName(data.instructor)} to a new time.`;
  return brandedEmail({
    subject: `Lesson moved: now ${lessonWhenShort(data.lesson)} with ${data.instructor.firstName}`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [opening, "The attached calendar file moves the lesson in your calendar."],
    details: [
      ...movedRows(data.previous, data.lesson),
      ["Instructor", fullName(data.instructor)],
      ["Pickup", pickupOf(data.lesson)],
    ],
    ...(url ? { action: { label: "View my lessons", url } } : {}),
    footnote: "You received this email because a lesson you booked on Kerb was moved.",
  });
}
