/** Scheduled lesson emails: the 24-hour reminder (both people) and "mark the lesson you taught". */
import { paths } from "@kerb/shared/paths";
import { formatSydneyDate, formatSydneyTime, fullName } from "@kerb/shared/rules";
import { REMINDER_LATE_NOTICE } from "@kerb/shared/words";
import {
  brandedEmail,
  type LessonSummary,
  lessonWhen,
  lessonWhenShort,
  link,
  type Person,
  pickupOf,
  type RenderedEmail,
} from "../../notifications/index.ts";

interface LessonReminderData {
  recipient: "STUDENT" | "INSTRUCTOR";
  student: Person;
  instructor: Person;
  lesson: LessonSummary;
  appUrl?: string;
}

export function lessonReminder(data: LessonReminderData): RenderedEmail {
  const forStudent = data.recipient === "STUDENT";
  const me = forStudent ? data.student : data.instructor;
  const other = forStudent ? data.instructor : data.student;
  const start = data.lesson.startTime;
  const url = link(data.appUrl, forStudent ? paths.student.bookings() : paths.instructor.lessons());
  return brandedEmail({
    subject: `Reminder: lesson ${formatSydneyDate(start)} at ${formatSydneyTime(start)} with ${other.firstName}`,
    greeting: `Hi ${me.firstName},`,
    paragraphs: [
      forStudent
        ? `Your driving lesson with ${fullName(data.instructor)} is coming up. Bring your learner licence, and be ready at the pickup point a few minutes early.`
        : `You are teaching ${fullName(data.student)} soon.`,
      ...(forStudent ? [REMINDER_LATE_NOTICE] : []),
    ],
    details: [
      ["Lesson", lessonWhen(data.lesson)],
      [forStudent ? "Instructor" : "Student", fullName(other)],
      ["Pickup", pickupOf(data.lesson)],
    ],
    ...(url ? { action: { label: forStudent ? "View my lessons" : "Open my lessons", url } } : {}),
    footnote: "You received this reminder because you have a lesson booked on Kerb.",
  });
}

interface MarkLessonData {
  student: Person;
  instructor: Person;
  lesson: LessonSummary;
  appUrl?: string;
}

export function markLessonReminder(data: MarkLessonData): RenderedEmail {
  const url = link(data.appUrl, paths.instructor.lessons());
  return brandedEmail({
    subject: `Mark your lesson with ${fullName(data.student)} (${formatSydneyDate(data.lesson.startTime)})`,
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      `Your lesson with ${fullName(data.student)} has ended. Please mark it as completed, or as a no-show if the student did not come.`,
      "Marked lessons count towards your earnings and let the student review the lesson.",
    ],
    details: [
      ["Lesson", lessonWhen(data.lesson)],
      ["Student", fullName(data.student)],
      ["Pickup", pickupOf(data.lesson)],
    ],
    ...(url ? { action: { label: "Mark the lesson", url } } : {}),
    footnote: "You received this email because a lesson you taught on Kerb is not marked yet.",
  });
}

interface MarkLessonsData {
  instructor: Person;
  /** The lessons to mark, in the order they ended. */
  lessons: ReadonlyArray<{ student: Person; lesson: LessonSummary }>;
  appUrl?: string;
}

/**
 * "Mark the lessons you taught": one email for every lesson of the instructor's that is due a nudge at
 * once, each listed; a single lesson gets the one-lesson email above.
 */
export function markLessonsReminder(data: MarkLessonsData): RenderedEmail {
  const [only] = data.lessons;
  if (data.lessons.length === 1 && only) {
    return markLessonReminder({ ...only, instructor: data.instructor, appUrl: data.appUrl });
  }
  const url = link(data.appUrl, paths.instructor.lessons());
  const count = data.lessons.length;
  return brandedEmail({
    subject: `Mark your lessons: ${count} lessons to mark`,
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      `${count} of your lessons have ended and are not marked yet. Please mark each as completed, or as a no-show if the student did not come.`,
      "Marked lessons count towards your earnings and let the student review the lesson. Times are Sydney time.",
    ],
    details: data.lessons.map(({ student, lesson }, i): [string, string] => [
      `Lesson ${i + 1}`,
      `${lessonWhenShort(lesson)} with ${fullName(student)}, ${pickupOf(lesson)}`,
    ]),
    ...(url ? { action: { label: "Mark the lessons", url } } : {}),
    footnote: "You received this email because lessons you taught on Kerb are not marked yet.",
  });
}
