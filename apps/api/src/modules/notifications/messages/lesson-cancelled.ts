/** Lesson cancelled: to the other party, with who cancelled and what came back. */
import { paths } from "@kerb/shared/paths";
import type { CancelledBy } from "@kerb/shared/rules";
import { brandedEmail, type RenderedEmail } from "../email-layout.ts";
import { fullName, type LessonSummary, lessonWhen, link, type Person, pickupOf, withGst } from "./format.ts";

export interface LessonCancelledData {
  /** Who the email is for: the party that did not cancel (both, when an admin cancelled). */
  recipient: "STUDENT" | "INSTRUCTOR";
  student: Person;
  instructor: Person;
  lesson: LessonSummary;
  cancelledBy: CancelledBy;
  /** What the student got back. */
  refund: { method: "CARD" | "CREDIT" | "NONE"; refundCents: number; refundGstCents: number };
  /** True when the lesson was paid from a bundle (so "NONE" means the credit was forfeited). */
  paidWithBundle: boolean;
  /** The canceller's own words, when they gave any (plain text, escaped by the layout). */
  reason?: string | null;
  appUrl?: string;
}

function byWhom(data: LessonCancelledData): string {
  if (data.cancelledBy === "STUDENT") return `${fullName(data.student)} (the student)`;
  if (data.cancelledBy === "INSTRUCTOR") return `${fullName(data.instructor)} (the instructor)`;
  return "Kerb's support team";
}

function refundLine(data: LessonCancelledData): string {
  const { refund } = data;
  if (refund.method === "CARD")
    return `${withGst(refund.refundCents, refund.refundGstCents)} back to the card`;
  if (refund.method === "CREDIT") return "The lesson credit went back to the bundle";
  return data.paidWithBundle
    ? "None: the lesson credit was forfeited (late cancellation)"
    : "None (late cancellation)";
}

export function lessonCancelled(data: LessonCancelledData): RenderedEmail {
  const forStudent = data.recipient === "STUDENT";
  const other = forStudent ? data.instructor : data.student;
  const me = forStudent ? data.student : data.instructor;
  const paragraphs = [
    forStudent
      ? `Your lesson with ${fullName(data.instructor)} on ${lessonWhen(data.lesson)} has been cancelled by ${byWhom(data)}.`
      : data.cancelledBy === "STUDENT"
        ? `${fullName(data.student)} has cancelled their lesson with you on ${lessonWhen(data.lesson)}. The time is free in your calendar again.`
        : `Your lesson with ${fullName(data.student)} on ${lessonWhen(data.lesson)} has been cancelled by ${byWhom(data)}. The time is free in your calendar again.`,
  ];
  if (forStudent && data.cancelledBy !== "STUDENT") {
    paragraphs.push(
      data.refund.method === "CREDIT"
        ? "Your lesson credit is back in your bundle, ready to book another time."
        : `You are refunded in full: ${refundLine(data)}. Card refunds usually appear within 5–10 business days.`,
    );
  }
  const url = link(data.appUrl, forStudent ? paths.student.book() : paths.instructor.lessons());
  return brandedEmail({
    subject: `Lesson cancelled: ${lessonWhen(data.lesson).split(",")[0]} with ${other.firstName}`,
    greeting: `Hi ${me.firstName},`,
    paragraphs,
    details: [
      ["Lesson", lessonWhen(data.lesson)],
      [forStudent ? "Instructor" : "Student", fullName(other)],
      ["Pickup", pickupOf(data.lesson)],
      ["Cancelled by", byWhom(data)],
      ...(data.reason?.trim() ? [["Reason", data.reason.trim()] as [string, string]] : []),
      ["Refund to the student", refundLine(data)],
    ],
    ...(url ? { action: { label: forStudent ? "Book another lesson" : "Open my lessons", url } } : {}),
    footnote: "You received this email because a lesson you were part of on Kerb was cancelled.",
  });
}
