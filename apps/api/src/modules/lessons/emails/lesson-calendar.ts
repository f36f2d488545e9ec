/**
 * The calendar files the student's lesson emails carry. Every one names a lesson's event by the same UID
 * (its booking id), so the confirmation adds the event, a move updates it and a cancellation removes it,
 * in whatever calendar app imported the first one.
 */
import { formatSydneyTime, fullName } from "@kerb/shared/rules";
import type { OutboxAttachment } from "../../../db/schema/index.ts";
import {
  type CalendarEvent,
  type CalendarMethod,
  type CalendarPerson,
  renderCalendar,
} from "../../../lib/ical.ts";
import { type LessonSummary, type Person, pickupOf } from "../../notifications/index.ts";

/** The event's UID: the booking id keeps it stable, so importing a file twice updates rather than duplicates. */
const lessonEventUid = (lessonId: string) => `${lessonId}@kerb`;

/** The two people of a lesson, as its calendar files name them. */
export interface LessonPeople {
  student: Person & { email: string };
  instructor: Person & { email: string };
}

const calendarPerson = (person: Person & { email: string }): CalendarPerson => ({
  name: fullName(person),
  email: person.email,
});

/**
 * One lesson as a calendar event, at revision `sequence` (0 when first booked): the instructor runs it
 * (ORGANIZER), the student takes it (ATTENDEE).
 */
export function lessonEvent(
  lesson: LessonSummary,
  { student, instructor }: LessonPeople,
  sequence: number,
  status: CalendarEvent["status"] = "CONFIRMED",
): CalendarEvent {
  return {
    uid: lessonEventUid(lesson.id),
    start: lesson.startTime,
    end: lesson.endTime,
    // A test package's event is the whole block, pick-up to drop-off: it says where the test is and when.
    summary: lesson.testPack
      ? `Driving test package with ${fullName(instructor)} (test ${formatSydneyTime(lesson.testPack.testAt)}, ${lesson.testPack.centreName})`
      : `Driving lesson with ${fullName(instructor)}`,
    location: pickupOf(lesson),
    description: "Booked on Kerb. To cancel or reschedule, open My lessons in Kerb.",
    sequence,
    status,
    organizer: calendarPerson(instructor),
    attendees: [calendarPerson(student)],
  };
}

/** A calendar as an email attachment; the content type carries the method, as RFC 6047 asks. */
export function calendarAttachment(
  filename: string,
  calendar: { method: CalendarMethod; stamp: Date; events: CalendarEvent[] },
): OutboxAttachment {
  const ics = renderCalendar({ name: "Kerb driving lessons", product: "Learner lessons", ...calendar });
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${calendar.method}`,
    contentBase64: Buffer.from(ics, "utf8").toString("base64"),
  };
}

interface LessonRevision extends LessonPeople {
  lesson: LessonSummary;
  /** The lesson's calendar sequence after the change (bookings.calendar_sequence): above the confirmation's 0. */
  sequence: number;
  /** DTSTAMP: when the change was made. */
  now: Date;
}

/** A moved lesson: the same event at its new time (METHOD:REQUEST, a higher SEQUENCE). */
export const lessonMovedCalendar = (change: LessonRevision): OutboxAttachment =>
  calendarAttachment("kerb-lesson-moved.ics", {
    method: "REQUEST",
    stamp: change.now,
    events: [lessonEvent(change.lesson, change, change.sequence)],
  });

/** A cancelled lesson: the same event, cancelled (METHOD:CANCEL, STATUS:CANCELLED, a higher SEQUENCE). */
export const lessonCancelledCalendar = (change: LessonRevision): OutboxAttachment =>
  calendarAttachment("kerb-lesson-cancelled.ics", {
    method: "CANCEL",
    stamp: change.now,
    events: [lessonEvent(change.lesson, change, change.sequence, "CANCELLED")],
  });
