/** Booking confirmed: to the student (with the lessons as an .ics invitation) and to the instructor. */
import { paths } from "@kerb/shared/paths";
import { formatAud, formatSydneyDate, formatSydneyTime, fullName } from "@kerb/shared/rules";
import { plural, RESCHEDULE_AND_REFUND_SUMMARY } from "@kerb/shared/words";
import type { OutboxAttachment } from "../../../db/schema/index.ts";
import {
  brandedEmail,
  type LessonSummary,
  lessonWhen,
  link,
  pickupOf,
  type RenderedEmail,
  withGst,
} from "../../notifications/index.ts";
import { calendarAttachment, type LessonPeople, lessonEvent } from "./lesson-calendar.ts";

/**
 * How the lessons of one email were paid. A checkout (or credit spend) may hold lessons of several
 * instructors and each instructor's lessons get their own email, so the email's own part is told apart
 * from the whole checkout's.
 */
export type BookingPaidWith =
  | {
      kind: "card";
      invoiceNumber: string;
      /** The whole checkout: one invoice, one charge. */
      amountCents: number;
      gstCents: number;
      lessonsInCheckout: number;
      /** This email's lessons' part of it (rules/invoice-shares.ts), GST included. */
      share: { amountCents: number; gstCents: number };
    }
  | { kind: "credits"; creditsUsed: number; creditsLeft: number; creditsUsedInBooking: number };

interface BookingConfirmedData extends LessonPeople {
  lessons: LessonSummary[];
  paidWith: BookingPaidWith;
  appUrl?: string;
  /** DTSTAMP of the invitation. */
  now: Date;
}

interface EmailWithAttachments extends RenderedEmail {
  attachments: OutboxAttachment[];
}

const lessonRows = (lessons: LessonSummary[]): Array<[string, string]> =>
  lessons.flatMap((lesson, i) => {
    const label = lessons.length === 1 ? "Lesson" : `Lesson ${i + 1}`;
    const kind = lesson.isPoolHours ? " · pool hours" : "";
    const pack = lesson.testPack;
    return [
      ...(pack
        ? ([
            ["Driving test package", `${pack.centreName}, test at ${formatSydneyTime(pack.testAt)}`],
            ["Pick-up to drop-off", lessonWhen(lesson)],
          ] as Array<[string, string]>)
        : ([[label, `${lessonWhen(lesson)}${kind}`]] as Array<[string, string]>)),
      [lessons.length === 1 ? "Pickup" : `Pickup ${i + 1}`, pickupOf(lesson)],
    ] as Array<[string, string]>;
  });

/** The lessons as an iCalendar file the student's calendar app can import (each event at sequence 0). */
function lessonsInvitation(data: BookingConfirmedData): OutboxAttachment {
  return calendarAttachment(data.lessons.length === 1 ? "kerb-lesson.ics" : "kerb-lessons.ics", {
    method: "PUBLISH",
    stamp: data.now,
    events: data.lessons.map((lesson) => lessonEvent(lesson, data, 0)),
  });
}

/** What was paid: this email's lessons, and the whole checkout labelled as such when it held more. */
function paidRows(data: BookingConfirmedData): Array<[string, string]> {
  const { paidWith } = data;
  const withWhom = `Lessons with ${fullName(data.instructor)}`;
  if (paidWith.kind === "credits") {
    const own = plural(paidWith.creditsUsed, "bundle credit");
    return paidWith.creditsUsedInBooking === paidWith.creditsUsed
      ? [
          ["Paid with", own],
          ["Credits left", String(paidWith.creditsLeft)],
        ]
      : [
          [withWhom, own],
          ["Credits used in this booking", String(paidWith.creditsUsedInBooking)],
          ["Credits left", String(paidWith.creditsLeft)],
        ];
  }
  const invoice: [string, string] = ["Invoice", paidWith.invoiceNumber];
  const whole = withGst(paidWith.amountCents, paidWith.gstCents);
  if (paidWith.share.amountCents === paidWith.amountCents) return [["Paid", whole], invoice];
  return [
    [withWhom, withGst(paidWith.share.amountCents, paidWith.share.gstCents)],
    [`Checkout total (${plural(paidWith.lessonsInCheckout, "lesson")})`, whole],
    invoice,
  ];
}

export function bookingConfirmedForStudent(data: BookingConfirmedData): EmailWithAttachments {
  const n = data.lessons.length;
  const first = data.lessons[0];
  const when = first ? formatSydneyDate(first.startTime) : "";
  const paid = paidRows(data);
  const url = link(data.appUrl, paths.student.bookings());
  const email = brandedEmail({
    subject:
      n === 1
        ? `${first?.testPack ? "Driving test package" : "Lesson"} confirmed: ${when} with ${data.instructor.firstName}`
        : `${n} lessons confirmed with ${data.instructor.firstName}`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [
      `Your ${n === 1 ? "lesson is" : `${n} lessons are`} booked with ${fullName(data.instructor)}. The attached calendar file adds ${n === 1 ? "it" : "them"} to your calendar.`,
      RESCHEDULE_AND_REFUND_SUMMARY,
    ],
    details: [["Instructor", fullName(data.instructor)], ...lessonRows(data.lessons), ...paid],
    ...(url ? { action: { label: "View my lessons", url } } : {}),
    footnote: "You received this email because you booked driving lessons on Kerb.",
  });
  return { ...email, attachments: [lessonsInvitation(data)] };
}

export function bookingConfirmedForInstructor(data: BookingConfirmedData): RenderedEmail {
  const n = data.lessons.length;
  const earnings = data.lessons.reduce((sum, l) => sum + l.priceCents, 0);
  const url = link(data.appUrl, paths.instructor.lessons());
  return brandedEmail({
    subject: `New booking: ${plural(n, "lesson")} with ${fullName(data.student)}`,
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      `${fullName(data.student)} has booked ${n === 1 ? "a lesson" : `${n} lessons`} with you. ${n === 1 ? "It is" : "They are"} in your calendar now.`,
    ],
    details: [
      ["Student", fullName(data.student)],
      ...lessonRows(data.lessons),
      ["Lesson value (ex GST)", formatAud(earnings)],
    ],
    ...(url ? { action: { label: "Open my lessons", url } } : {}),
    footnote: "You received this email because a student booked you on Kerb.",
  });
}
