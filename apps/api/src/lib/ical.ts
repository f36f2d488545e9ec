/**
 * The calendar files Kerb writes (an instructor's subscribed feed, the lesson emails' attachments),
 * written by ical-generator: RFC 5545 escaping, folding at 75 octets and CRLF lines are its job. Times
 * are written in UTC ("Z" form), so no VTIMEZONE block is needed and every client shows them in its own
 * zone.
 */
import ical, {
  escape as escapeText,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
  formatDate as icalDate,
} from "ical-generator";

/** Someone named on an event: its organizer or an attendee. */
export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  /** Last change of the event; defaults to the feed's stamp. */
  lastModified?: Date;
  /**
   * Revision of the event (RFC 5545 §3.8.7.4): a calendar applies an update or a cancellation of a UID
   * only when its SEQUENCE is higher than the one it holds. Left out, it is 0.
   */
  sequence?: number;
  /** CANCELLED with the calendar's CANCEL method removes the event; CONFIRMED otherwise. */
  status?: "CONFIRMED" | "CANCELLED";
  /**
   * Who runs the event. RFC 5546 requires it (and an attendee) on a REQUEST or a CANCEL: without it a
   * calendar may refuse to apply the update to the event it holds.
   */
  organizer?: CalendarPerson;
  /** Who takes part; written as already accepted and asked for no reply (Kerb is not a mailbox). */
  attendees?: CalendarPerson[];
}

/**
 * PUBLISH: events to add (a feed, a booking confirmation); REQUEST: an update of events the reader
 * already has (a moved lesson); CANCEL: events to remove (RFC 5546 §1.4).
 */
export type CalendarMethod = "PUBLISH" | "REQUEST" | "CANCEL";

export interface Calendar {
  name: string;
  /** PRODID's product: which of Kerb's calendars wrote the file (an instructor's feed, a learner's lessons). */
  product: string;
  /** DTSTAMP of every event: when the feed was produced. */
  stamp: Date;
  events: CalendarEvent[];
  /** PUBLISH unless said. */
  method?: CalendarMethod;
  /**
   * For a subscribed feed: how often to fetch it again, in seconds. Written as RFC 7986's
   * REFRESH-INTERVAL and as X-PUBLISHED-TTL, the older one Outlook and Google still read.
   */
  refreshSeconds?: number;
}

/** 20260314T053000Z: how an instant is written in the files (tests compare against it). */
export const formatUtc = (instant: Date): string => icalDate(null, instant);

export function renderCalendar(calendar: Calendar): string {
  const file = ical({
    prodId: { company: "Kerb", product: calendar.product, language: "EN" },
    scale: "GREGORIAN",
    method: ICalCalendarMethod[calendar.method ?? "PUBLISH"],
    // ical-generator writes the name (NAME and X-WR-CALNAME) as given: an instructor's name with a
    // comma or a semicolon in it would end the value early, so it is escaped here.
    name: escapeText(calendar.name, false),
    ttl: calendar.refreshSeconds ?? null,
  });
  for (const event of calendar.events) {
    file.createEvent({
      id: event.uid,
      stamp: calendar.stamp,
      start: event.start,
      end: event.end,
      summary: event.summary,
      location: event.location ?? null,
      description: event.description ?? null,
      lastModified: event.lastModified ?? null,
      sequence: event.sequence ?? 0,
      status: ICalEventStatus[event.status ?? "CONFIRMED"],
      transparency: ICalEventTransparency.OPAQUE,
      organizer: event.organizer ?? null,
      attendees: (event.attendees ?? []).map((person) => ({
        ...person,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      })),
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one included; ical-generator leaves it off.
  return `${file.toString()}\r\n`;
}
