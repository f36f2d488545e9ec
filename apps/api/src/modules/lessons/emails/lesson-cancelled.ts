/**
 * Lesson cancelled: to the student always (with what came back and a calendar file that removes the
 * event), and to the instructor unless they cancelled it themselves.
 */

import { FULL_REFUND_NOTICE_HOURS, HALF_REFUND_NOTICE_HOURS } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import type { CancelledBy, LessonPaidWith } from "@kerb/shared/rules";
import { creditsSpentOn, fullName } from "@kerb/shared/rules";
import {
  creditCount,
  refundCardOf,
  TEST_PACK_FULL_REFUND_NOTICE,
  TEST_PACK_HALF_REFUND_NOTICE,
} from "@kerb/shared/words";
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

interface LessonCancelledData {
  recipient: "STUDENT" | "INSTRUCTOR";
  student: Person;
  instructor: Person;
  lesson: LessonSummary;
  cancelledBy: CancelledBy;
  /** What the student got back. */
  refund: { method: "CARD" | "CREDIT" | "NONE"; refundCents: number; refundGstCents: number };
  /** How the lesson was paid for (so "NONE" can say whether a credit was forfeited or nothing was paid). */
  paidWith: LessonPaidWith;
  /** A guardian who paid by card (issue 30): a card refund goes back to their card, named. */
  payer?: Person | null;
  /** The canceller's own words, when they gave any (plain text, escaped by the layout). */
  reason?: string | null;
  appUrl?: string;
  /** A driving-test package (issue 33): its own tiers, and a test-pack credit rather than a bundle's. */
  testPack?: { paidWithCredit: boolean };
}

function byWhom(data: LessonCancelledData): string {
  if (data.cancelledBy === "STUDENT") return `${fullName(data.student)} (the student)`;
  if (data.cancelledBy === "INSTRUCTOR") return `${fullName(data.instructor)} (the instructor)`;
  return "Kerb's support team";
}

/** "1 credit", "2 credits": what a lesson paid from a bundle used (a 2-hour lesson uses two). */
function lessonCredits(data: Pick<LessonCancelledData, "lesson">): string {
  return creditCount(creditsSpentOn(data.lesson.startTime, data.lesson.endTime));
}

/** The refund in a few words: the details row of both emails. */
function refundLine(data: Pick<LessonCancelledData, "refund" | "paidWith" | "lesson" | "testPack">): string {
  const { refund } = data;
  if (data.testPack?.paidWithCredit) {
    return refund.method === "CREDIT"
      ? "The test-pack credit, back to the student"
      : "None: the test-pack credit stays used (late cancellation)";
  }
  if (refund.method === "CARD")
    return `${withGst(refund.refundCents, refund.refundGstCents)} back to the card`;
  if (refund.method === "CREDIT") return `${lessonCredits(data)} back to the bundle`;
  if (data.paidWith === "BUNDLE") return `None: ${lessonCredits(data)} forfeited (late cancellation)`;
  return data.paidWith === "CARD" ? "None (late cancellation)" : "None: nothing was paid";
}

/**
 * The student's sentence about the money. Only the student can cancel late (instructors and admins
 * always refund in full), so a NONE method after a payment is their late cancellation.
 */
function studentRefundSentence(data: LessonCancelledData): string {
  const { refund } = data;
  const inFull = data.cancelledBy === "STUDENT" ? "" : "You are refunded in full: ";
  if (data.testPack) return packRefundSentence(data, inFull);
  if (refund.method === "CARD") {
    return `${inFull}${withGst(refund.refundCents, refund.refundGstCents)} goes back to ${refundCardOf(data.payer)}. Card refunds usually appear within 5–10 business days.`;
  }
  const credits = creditsSpentOn(data.lesson.startTime, data.lesson.endTime);
  if (refund.method === "CREDIT")
    return `${credits === 1 ? "Your lesson credit is" : `The lesson's ${creditCount(credits)} are`} back in your bundle, ready to book another time.`;
  if (data.paidWith === "BUNDLE") {
    return `${credits === 1 ? "The lesson credit does" : `The lesson's ${creditCount(credits)} do`} not go back to your bundle: the lesson was cancelled less than ${FULL_REFUND_NOTICE_HOURS} hours before it started.`;
  }
  if (data.paidWith === "CARD") {
    return `Nothing is refunded: the lesson was cancelled less than ${HALF_REFUND_NOTICE_HOURS} hours before it started.`;
  }
  return "Nothing was paid for this lesson, so there is nothing to refund.";
}

/** The same for a driving-test package, by its own tiers (rules/test-pack-cancellation.ts). */
function packRefundSentence(data: LessonCancelledData, inFull: string): string {
  const { refund } = data;
  if (refund.method === "CARD") {
    return `${inFull}${withGst(refund.refundCents, refund.refundGstCents)} goes back to ${refundCardOf(data.payer)}. Card refunds usually appear within 5–10 business days.`;
  }
  if (refund.method === "CREDIT") {
    return `${inFull}Your test-pack credit is yours again, to book a package for your next test before it expires.`;
  }
  if (data.testPack?.paidWithCredit) {
    return `Your test-pack credit stays used: the package was cancelled less than ${TEST_PACK_FULL_REFUND_NOTICE} before the pick-up.`;
  }
  if (data.paidWith === "CARD") {
    return `Nothing is refunded: the package was cancelled less than ${TEST_PACK_HALF_REFUND_NOTICE} before the pick-up.`;
  }
  return "Nothing was paid for this package, so there is nothing to refund.";
}

export function lessonCancelled(data: LessonCancelledData): RenderedEmail {
  const forStudent = data.recipient === "STUDENT";
  const other = forStudent ? data.instructor : data.student;
  const me = forStudent ? data.student : data.instructor;
  const when = lessonWhen(data.lesson);
  const paragraphs = forStudent
    ? [
        data.cancelledBy === "STUDENT"
          ? `You have cancelled your lesson with ${fullName(data.instructor)} on ${when}.`
          : `Your lesson with ${fullName(data.instructor)} on ${when} has been cancelled by ${byWhom(data)}.`,
        studentRefundSentence(data),
        "The attached calendar file removes the lesson from your calendar.",
      ]
    : [
        data.cancelledBy === "STUDENT"
          ? `${fullName(data.student)} has cancelled their lesson with you on ${when}. The time is free in your calendar again.`
          : `Your lesson with ${fullName(data.student)} on ${when} has been cancelled by ${byWhom(data)}. The time is free in your calendar again.`,
      ];
  const url = link(data.appUrl, forStudent ? paths.student.book() : paths.instructor.lessons());
  return brandedEmail({
    subject: `Lesson cancelled: ${when.split(",")[0]} with ${other.firstName}`,
    greeting: `Hi ${me.firstName},`,
    paragraphs,
    details: [
      ["Lesson", when],
      [forStudent ? "Instructor" : "Student", fullName(other)],
      ["Pickup", pickupOf(data.lesson)],
      ["Cancelled by", byWhom(data)],
      ...(data.reason?.trim() ? [["Reason", data.reason.trim()] as [string, string]] : []),
      [forStudent ? "Refund" : "Refund to the student", refundLine(data)],
    ],
    ...(url ? { action: { label: forStudent ? "Book another lesson" : "Open my lessons", url } } : {}),
    footnote: "You received this email because a lesson you were part of on Kerb was cancelled.",
  });
}
