/**
 * The calendar files the student's lesson emails carry. Every one names a lesson's event by the same UID
 * (its booking id), so the confirmation adds the event, a move updates it and a cancellation removes it,
 * in whatever calendar app imported the first one.
 */
import { fullName } from "@kerb/shared/rules";
import type { OutboxAttachment } from "../../../db/schema/index.ts";
import { type CalendarEvent, type CalendarMethod, renderCalendar } from "../../../lib/ical.ts";
import { type LessonSummary, type Person, pickupOf } from "../../notifications/index.ts";

/** The event's UID: the booking id keeps it stable, so importing a file twice updates rather than duplicates. */
const lessonEventUid = (lessonId: string) => `${lessonId}@kerb`;

/** One lesson as a calendar event, at revision `sequence` (0 when first booked). */
export function lessonEvent(
  lesson: LessonSummary,
  instructor: Person,
  sequence: number,
  status: CalendarEvent["status"] = "CONFIRMED",
): CalendarEvent {
  return {
    uid: lessonEventUid(lesson.id),
    start: lesson.startTime,
    end: lesson.endTime,
    summary: `Driving lesson with ${fullName(instructor)}`,
    location: pickupOf(lesson),
    description: "Booked on Kerb. To cancel or reschedule, open My lessons in Kerb.",
    sequence,
    status,
  };
}

/** A calendar as an email attachment; the content type carries the method, as RFC 6047 asks. */
export function calendarAttachment(
  filename: string,
  calendar: { method: CalendarMethod; stamp: Date; events: CalendarEvent[] },
): OutboxAttachment {
  const ics = renderCalendar({ name: "Kerb driving lessons", ...calendar });
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${calendar.method}`,
    contentBase64: Buffer.from(ics, "utf8").toString("base64"),
  };
}

interface LessonRevision {
  lesson: LessonSummary;
  instructor: Person;
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
    events: [lessonEvent(change.lesson, change.instructor, change.sequence)],
  });

/** A cancelled lesson: the same event, cancelled (METHOD:CANCEL, STATUS:CANCELLED, a higher SEQUENCE). */
export const lessonCancelledCalendar = (change: LessonRevision): OutboxAttachment =>
  calendarAttachment("kerb-lesson-cancelled.ics", {
    method: "CANCEL",
    stamp: change.now,
    events: [lessonEvent(change.lesson, change.instructor, change.sequence, "CANCELLED")],
  });
