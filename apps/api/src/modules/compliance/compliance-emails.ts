/**
 * Compliance emails: an instructor verified or delisted, and a student told that their instructor can no
 * longer teach a booked lesson, with what they can do about it.
 */
import type { EmailKind } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import { formatIsoDate, fullName, type UnlistedReason, unlistedReasonText } from "@kerb/shared/rules";
import { DOCUMENT_REMINDER_NOTICE } from "@kerb/shared/words";
import {
  brandedEmail,
  type LessonTime,
  lessonWhen,
  link,
  type Person,
  type RenderedEmail,
} from "../notifications/index.ts";

export const COMPLIANCE_EMAIL_KINDS = {
  verified: "instructor_verified",
  delisted: "instructor_delisted",
  unavailable: "instructor_unavailable",
} as const satisfies Record<string, EmailKind>;

interface Documents {
  licenseExpiresOn: string | null;
  wwcExpiresOn: string | null;
}

const dateOrMissing = (date: string | null) => (date ? formatIsoDate(date) : "not on record");

const documentRows = (d: Documents): Array<[string, string]> => [
  ["Driving instructor licence expires", dateOrMissing(d.licenseExpiresOn)],
  ["Working With Children check expires", dateOrMissing(d.wwcExpiresOn)],
];

export function instructorVerifiedEmail(data: {
  instructor: Person;
  documents: Documents;
  appUrl?: string;
}): RenderedEmail {
  const url = link(data.appUrl, paths.instructor.dashboard());
  return brandedEmail({
    subject: "You're verified: students can now book you on Kerb",
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      "We have checked your driving instructor licence and your Working With Children check. You are now listed, so students in your suburbs can find you and book lessons.",
      `You stay listed while both documents are current. We will remind you ${DOCUMENT_REMINDER_NOTICE} before either expires; send us the renewed document before then so your lessons are not interrupted.`,
    ],
    details: documentRows(data.documents),
    ...(url ? { action: { label: "Open your dashboard", url } } : {}),
  });
}

export function instructorDelistedEmail(data: {
  instructor: Person;
  reasons: UnlistedReason[];
  /** The admin's reason when they rejected the instructor. */
  note?: string | null;
  documents: Documents;
  wasListed: boolean;
  lessonsAffected: number;
  appUrl?: string;
}): RenderedEmail {
  const url = link(data.appUrl, paths.instructor.dashboard());
  const why = data.reasons.map(unlistedReasonText).join("; ");
  const paragraphs = [
    data.wasListed
      ? `You are no longer listed on Kerb, so students cannot find or book you. The reason: ${why}.`
      : `We could not verify your application to teach on Kerb. The reason: ${why}.`,
  ];
  if (data.note) paragraphs.push(`Note from our team: ${data.note}`);
  if (data.lessonsAffected > 0) {
    paragraphs.push(
      `You have ${data.lessonsAffected === 1 ? "1 booked lesson" : `${data.lessonsAffected} booked lessons`} still to come. We have told your students, and they can cancel with a full refund or move to another instructor. Please do not teach these lessons until you are listed again.`,
    );
  }
  paragraphs.push(
    "If this is a mistake, or you have renewed a document, reply to this email with a copy and we will check it again.",
  );
  return brandedEmail({
    subject: data.wasListed ? "You are no longer listed on Kerb" : "Your Kerb application was not approved",
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs,
    details: documentRows(data.documents),
    ...(url ? { action: { label: "See your compliance status", url } } : {}),
  });
}

/** One lesson of the "may not go ahead" email, with how it was paid (what a cancellation gives back). */
interface UnavailableLesson extends LessonTime {
  paidWith: "CARD" | "BUNDLE" | null;
}

const PAID_WITH_WORDS = { CARD: "paid by card", BUNDLE: "paid with a bundle credit" } as const;

/**
 * To a student whose instructor can no longer teach: every lesson they have booked with that instructor
 * in one email (a delisting with several lessons ahead is one message, not one per lesson).
 */
export function instructorUnavailableEmail(data: {
  student: Person;
  instructor: Person;
  lessons: UnavailableLesson[];
  appUrl?: string;
}): RenderedEmail {
  const url = link(data.appUrl, paths.student.bookings());
  const instructorName = fullName(data.instructor);
  const n = data.lessons.length;
  const paid = new Set(data.lessons.map((l) => l.paidWith));
  const refunds = [
    ...(paid.has("CARD") ? ["a lesson paid by card comes back to your card in full"] : []),
    ...(paid.has("BUNDLE") ? ["a lesson paid with credits gives its credits back to your bundle"] : []),
  ];
  const move = paid.has("BUNDLE")
    ? "To learn with someone else, cancel, then on the Bundles page move your credits to another instructor and book again."
    : "To learn with someone else, cancel and book another instructor.";
  const them = n === 1 ? "it" : "any of them";
  return brandedEmail({
    subject:
      n === 1
        ? `Your lesson with ${instructorName} may not go ahead`
        : `Your ${n} lessons with ${instructorName} may not go ahead`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [
      `${instructorName} cannot teach on Kerb at the moment, because their registration with us is not current. ${n === 1 ? "Your lesson stays" : `Your ${n} lessons stay`} booked in case that is resolved before ${n === 1 ? "it starts" : "they start"}, but ${n === 1 ? "it" : "they"} may not go ahead.`,
      refunds.length > 0
        ? `You can cancel ${them} with a full refund at any time before it starts, whatever the notice: ${refunds.join("; ")}.`
        : `You can cancel ${them} at any time before it starts; nothing was charged.`,
      move,
    ],
    details: [
      ...data.lessons.map((lesson, i): [string, string] => [
        n === 1 ? "Lesson" : `Lesson ${i + 1}`,
        `${lessonWhen(lesson)}${lesson.paidWith ? ` · ${PAID_WITH_WORDS[lesson.paidWith]}` : ""}`,
      ]),
      ["Instructor", instructorName],
    ],
    ...(url ? { action: { label: "Open My lessons", url } } : {}),
    footnote: "You are receiving this because you have lessons booked on Kerb.",
  });
}
