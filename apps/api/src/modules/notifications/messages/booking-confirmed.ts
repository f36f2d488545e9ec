/** Booking confirmed: to the student (with the lessons as an .ics invitation) and to the instructor. */
import { paths } from "@kerb/shared/paths";
import { formatAud, formatSydneyDate } from "@kerb/shared/rules";
import { RESCHEDULE_AND_REFUND_SUMMARY } from "@kerb/shared/words";
import type { OutboxAttachment } from "../../../db/schema/index.ts";
import { renderCalendar } from "../../calendar/ical.ts";
import { brandedEmail, type RenderedEmail } from "../email-layout.ts";
import {
  fullName,
  type LessonSummary,
  lessonWhen,
  link,
  type Person,
  pickupOf,
  plural,
  withGst,
} from "./format.ts";

export type BookingPaidWith =
  | { kind: "card"; invoiceNumber: string; amountCents: number; gstCents: number }
  | { kind: "credits"; creditsUsed: number; creditsLeft: number };

export interface BookingConfirmedData {
  student: Person;
  instructor: Person;
  lessons: LessonSummary[];
  paidWith: BookingPaidWith;
  appUrl?: string;
  /** DTSTAMP of the invitation. */
  now: Date;
}

export interface EmailWithAttachments extends RenderedEmail {
  attachments: OutboxAttachment[];
}

const lessonRows = (lessons: LessonSummary[]): Array<[string, string]> =>
  lessons.flatMap((lesson, i) => {
    const label = lessons.length === 1 ? "Lesson" : `Lesson ${i + 1}`;
    const kind = lesson.isPoolHours ? " · pool hours" : "";
    return [
      [label, `${lessonWhen(lesson)}${kind}`],
      [lessons.length === 1 ? "Pickup" : `Pickup ${i + 1}`, pickupOf(lesson)],
    ] as Array<[string, string]>;
  });

/** The lessons as an iCalendar file the student's calendar app can import. */
export function lessonsInvitation(data: BookingConfirmedData): OutboxAttachment {
  const ics = renderCalendar({
    name: "Kerb driving lessons",
    stamp: data.now,
    events: data.lessons.map((lesson) => ({
      // The booking id keeps the UID stable, so importing the file twice updates rather than duplicates.
      uid: `${lesson.id}@kerb`,
      start: lesson.startTime,
      end: lesson.endTime,
      summary: `Driving lesson with ${fullName(data.instructor)}`,
      location: pickupOf(lesson),
      description: "Booked on Kerb. To cancel or reschedule, open My lessons in Kerb.",
    })),
  });
  return {
    filename: data.lessons.length === 1 ? "kerb-lesson.ics" : "kerb-lessons.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    contentBase64: Buffer.from(ics, "utf8").toString("base64"),
  };
}

export function bookingConfirmedForStudent(data: BookingConfirmedData): EmailWithAttachments {
  const n = data.lessons.length;
  const first = data.lessons[0];
  const when = first ? formatSydneyDate(first.startTime) : "";
  const paid: Array<[string, string]> =
    data.paidWith.kind === "card"
      ? [
          ["Paid", withGst(data.paidWith.amountCents, data.paidWith.gstCents)],
          ["Invoice", data.paidWith.invoiceNumber],
        ]
      : [
          ["Paid with", `${plural(data.paidWith.creditsUsed, "bundle credit")}`],
          ["Credits left", String(data.paidWith.creditsLeft)],
        ];
  const url = link(data.appUrl, paths.student.bookings());
  const email = brandedEmail({
    subject:
      n === 1
        ? `Lesson confirmed: ${when} with ${data.instructor.firstName}`
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
