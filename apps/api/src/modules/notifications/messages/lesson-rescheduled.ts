/** Lesson rescheduled by the student: to the instructor, with the old and the new time. */
import { paths } from "@kerb/shared/paths";
import { brandedEmail, type RenderedEmail } from "../email-layout.ts";
import {
  fullName,
  type LessonSummary,
  type LessonTime,
  lessonWhen,
  link,
  type Person,
  pickupOf,
} from "./format.ts";

export interface LessonRescheduledData {
  student: Person;
  instructor: Person;
  /** The lesson at its new time. */
  lesson: LessonSummary;
  previous: LessonTime;
  appUrl?: string;
}

export function lessonRescheduled(data: LessonRescheduledData): RenderedEmail {
  const url = link(data.appUrl, paths.instructor.lessons());
  return brandedEmail({
    subject: `Lesson moved: ${fullName(data.student)} is now ${lessonWhen(data.lesson).split(" (")[0]}`,
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      `${fullName(data.student)} has moved their lesson with you to a new time. Your calendar is updated; the old time is free again.`,
    ],
    details: [
      ["Was", lessonWhen(data.previous)],
      ["Now", lessonWhen(data.lesson)],
      ["Student", fullName(data.student)],
      ["Pickup", pickupOf(data.lesson)],
    ],
    ...(url ? { action: { label: "Open my lessons", url } } : {}),
    footnote: "You received this email because a student moved a lesson with you on Kerb.",
  });
}
