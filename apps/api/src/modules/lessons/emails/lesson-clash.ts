/**
 * A booked lesson and its instructor's hours: to the student when the instructor takes time off (a day
 * off, leave, changed hours) over the lesson, and again when that clash is resolved.
 */

import { paths } from "@kerb/shared/paths";
import { fullName } from "@kerb/shared/rules";
import { RESCHEDULE_NOTICE } from "@kerb/shared/words";
import {
  brandedEmail,
  type LessonSummary,
  lessonWhen,
  link,
  type Person,
  pickupOf,
  type RenderedEmail,
} from "../../notifications/index.ts";

interface LessonClashData {
  student: Person;
  instructor: Person;
  lesson: LessonSummary;
  appUrl?: string;
}

const dayOf = (lesson: LessonSummary) => lessonWhen(lesson).split(",")[0];

export function lessonClash(data: LessonClashData): RenderedEmail {
  const url = link(data.appUrl, paths.student.bookings());
  const name = fullName(data.instructor);
  return brandedEmail({
    subject: `Your instructor is not available for your lesson on ${dayOf(data.lesson)}`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [
      `${name} has marked themselves unavailable (a day off, leave or changed hours) at the time of your lesson on ${lessonWhen(data.lesson)}.`,
      `Your lesson is still booked and nothing has been charged or refunded. ${data.instructor.firstName} should contact you to sort it out; you can also move it to another time in My lessons (up to ${RESCHEDULE_NOTICE} before it starts), or cancel it there with a full refund whatever the notice. If ${data.instructor.firstName} cancels it, you get everything back too.`,
      "We will email you again when this is resolved.",
    ],
    details: [
      ["Lesson", lessonWhen(data.lesson)],
      ["Instructor", name],
      ["Pickup", pickupOf(data.lesson)],
    ],
    ...(url ? { action: { label: "Open My lessons", url } } : {}),
    footnote: "You received this email because you have a lesson booked on Kerb.",
  });
}

/** How the clash went away: the instructor is available again, or the lesson was cancelled or moved. */
export type ClashResolution = "AVAILABLE" | "CANCELLED" | "MOVED";

export function lessonClashResolved(data: LessonClashData & { how: ClashResolution }): RenderedEmail {
  const url = link(data.appUrl, paths.student.bookings());
  const name = fullName(data.instructor);
  const when = lessonWhen(data.lesson);
  const words: Record<ClashResolution, { subject: string; paragraph: string }> = {
    AVAILABLE: {
      subject: `Your lesson on ${dayOf(data.lesson)} is going ahead`,
      paragraph: `${name} is available again at the time of your lesson, so it goes ahead as booked: ${when}.`,
    },
    CANCELLED: {
      subject: `Resolved: your lesson on ${dayOf(data.lesson)} was cancelled`,
      paragraph: `Your lesson on ${when}, which clashed with ${data.instructor.firstName}'s time off, has been cancelled. The cancellation email says what came back to you.`,
    },
    MOVED: {
      subject: `Resolved: your lesson has moved to ${dayOf(data.lesson)}`,
      paragraph: `Your lesson that clashed with ${data.instructor.firstName}'s time off has moved to ${when}, when ${data.instructor.firstName} is available.`,
    },
  };
  const { subject, paragraph } = words[data.how];
  return brandedEmail({
    subject,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [paragraph],
    details: [
      ["Lesson", when],
      ["Instructor", name],
    ],
    ...(url ? { action: { label: "Open My lessons", url } } : {}),
    footnote: "You received this email because we told you of a clash with a lesson you booked on Kerb.",
  });
}
