/** Lesson marked a no-show by the instructor: to the student, with what was kept and how to dispute it. */
import { paths } from "@kerb/shared/paths";
import { creditsSpentOn, formatConsumerPrice, fullName } from "@kerb/shared/rules";
import { creditCount, NO_SHOW_DISPUTE, NO_SHOW_DISPUTE_WINDOW } from "@kerb/shared/words";
import {
  brandedEmail,
  type LessonSummary,
  lessonWhen,
  link,
  type Person,
  pickupOf,
  type RenderedEmail,
} from "../../notifications/index.ts";

interface LessonNoShowData {
  student: Person;
  instructor: Person;
  lesson: LessonSummary;
  /** True when the lesson was paid from a bundle (the credit is kept), false for a card payment. */
  paidWithBundle: boolean;
  appUrl?: string;
}

/** What Kerb keeps for a no-show: the whole lesson, as it was paid for. */
function noShowKept(data: Pick<LessonNoShowData, "lesson" | "paidWithBundle">): string {
  const credits = creditsSpentOn(data.lesson.startTime, data.lesson.endTime);
  return data.paidWithBundle
    ? credits === 1
      ? "The lesson credit (it does not go back to your bundle)"
      : `The lesson's ${creditCount(credits)} (they do not go back to your bundle)`
    : `The lesson's price, ${formatConsumerPrice(data.lesson.priceCents)}: nothing is refunded`;
}

export function lessonNoShow(data: LessonNoShowData): RenderedEmail {
  const url = link(data.appUrl, paths.student.bookings());
  return brandedEmail({
    subject: `Marked as a no-show: your lesson ${lessonWhen(data.lesson).split(",")[0]} with ${data.instructor.firstName}`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [
      `${fullName(data.instructor)} has marked your lesson on ${lessonWhen(data.lesson)} as a no-show: you did not come to it. A missed lesson is paid for in full, so it is not refunded.`,
      NO_SHOW_DISPUTE,
    ],
    details: [
      ["Lesson", lessonWhen(data.lesson)],
      ["Instructor", fullName(data.instructor)],
      ["Pickup", pickupOf(data.lesson)],
      ["Kept", noShowKept(data)],
      ["Dispute within", `${NO_SHOW_DISPUTE_WINDOW} of the lesson`],
    ],
    ...(url ? { action: { label: "View my lessons", url } } : {}),
    footnote: "You received this email because a lesson you booked on Kerb was marked as a no-show.",
  });
}
