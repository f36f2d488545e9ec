/**
 * A held lesson refunded (decide-held-lesson.ts): the lesson took place, or its time passed, while its
 * instructor was not allowed to teach on Kerb, and an admin gave the student its value back. Not an
 * ordinary cancellation: nothing about free calendar time or booking notice, but what was refunded and,
 * to the instructor, that the lesson's earning is gone and why.
 */

import { paths } from "@kerb/shared/paths";
import { formatAud, fullName, instructorEarningsCents, type TeachingStopReason } from "@kerb/shared/rules";
import {
  brandedEmail,
  type LessonSummary,
  lessonWhen,
  link,
  type Person,
  pickupOf,
  type RenderedEmail,
  withGst,
} from "../../notifications/index.ts";

export interface HeldLessonRefundedData {
  recipient: "STUDENT" | "INSTRUCTOR";
  student: Person;
  instructor: Person;
  lesson: LessonSummary;
  /** What the student got back: the card share with its GST, or the credit to its bundle. */
  refund: { method: "CARD" | "CREDIT" | "NONE"; refundCents: number; refundGstCents: number };
  /**
   * The lesson's value (ex GST) the instructor had earned by marking it, now reversed; 0 when it was
   * never marked (it had earned nothing yet).
   */
  earnedCents: number;
  /** Why the instructor could not teach then (the teaching stop the lesson fell in). */
  stopReason: TeachingStopReason;
  appUrl?: string;
}

function studentMoney(refund: HeldLessonRefundedData["refund"]): string {
  if (refund.method === "CARD") {
    return `${withGst(refund.refundCents, refund.refundGstCents)} goes back to the card you paid with. Card refunds usually appear within 5–10 business days.`;
  }
  if (refund.method === "CREDIT")
    return "The lesson credit is back in your bundle, ready to book another lesson.";
  return "Nothing was left to refund on the payment.";
}

/** The teaching stop as the instructor reads it (teachingStopText says it to the admin). */
function whyHeld(reason: TeachingStopReason): string {
  switch (reason) {
    case "SUSPENDED":
      return "taught while your Kerb account was suspended";
    case "REJECTED":
      return "taught after Kerb rejected or delisted you";
    case "DOCUMENT_EXPIRED":
      return "taught after your licence or Working With Children check expired";
  }
}

function refundRow(refund: HeldLessonRefundedData["refund"]): string {
  if (refund.method === "CARD")
    return `${withGst(refund.refundCents, refund.refundGstCents)} back to the card`;
  if (refund.method === "CREDIT") return "The lesson credit went back to the bundle";
  return "None";
}

export function heldLessonRefunded(data: HeldLessonRefundedData): RenderedEmail {
  const forStudent = data.recipient === "STUDENT";
  const other = forStudent ? data.instructor : data.student;
  const me = forStudent ? data.student : data.instructor;
  const when = lessonWhen(data.lesson);
  const earning = instructorEarningsCents(data.earnedCents);
  const paragraphs = forStudent
    ? [
        `Your lesson with ${fullName(data.instructor)} on ${when} fell at a time when ${data.instructor.firstName} was not permitted to teach on Kerb.`,
        "Under Kerb's rules for lessons given while an instructor cannot teach, the instructor is not paid for it and you are refunded in full, even if the lesson went ahead.",
        studentMoney(data.refund),
        "The lesson now shows as cancelled by Kerb in your lessons. If you have questions, reply to this email.",
      ]
    : [
        `Your lesson with ${fullName(data.student)} on ${when} was ${whyHeld(data.stopReason)}, so it was held from your payouts until Kerb decided it.`,
        `Kerb has decided to refund it to ${data.student.firstName} in full, under its rules for lessons given while an instructor cannot teach.`,
        earning > 0
          ? `Your earning for this lesson (${formatAud(earning)}) has been reversed: it will not be paid in any payout.`
          : "You had not marked this lesson, so it had earned nothing; it will not be paid in any payout.",
        "The lesson now shows as cancelled by Kerb in your lessons. If you think this is wrong, reply to this email.",
      ];
  const url = link(data.appUrl, forStudent ? paths.student.bookings() : paths.instructor.earnings());
  return brandedEmail({
    subject: forStudent
      ? `Lesson refunded: ${when.split(",")[0]} with ${other.firstName}`
      : `Lesson refunded, earning reversed: ${when.split(",")[0]} with ${other.firstName}`,
    greeting: `Hi ${me.firstName},`,
    paragraphs,
    details: [
      ["Lesson", when],
      [forStudent ? "Instructor" : "Student", fullName(other)],
      ["Pickup", pickupOf(data.lesson)],
      [forStudent ? "Refund" : "Refund to the student", refundRow(data.refund)],
      ...(forStudent ? [] : [["Earning reversed", formatAud(earning)] as [string, string]]),
    ],
    ...(url ? { action: { label: forStudent ? "View my lessons" : "Open my earnings", url } } : {}),
    footnote: "You received this email because Kerb refunded a lesson you were part of.",
  });
}
