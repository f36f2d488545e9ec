/**
 * A minimal RFC 5545 writer: what a subscribed calendar feed and the lesson emails' calendar files
 * need. Times are written in UTC ("Z" form), so no VTIMEZONE block is needed and every client shows
 * them in its own zone.
 */

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
}

/**
 * PUBLISH: events to add (a feed, a booking confirmation); REQUEST: an update of events the reader
 * already has (a moved lesson); CANCEL: events to remove (RFC 5546 §1.4).
 */
export type CalendarMethod = "PUBLISH" | "REQUEST" | "CANCEL";

export interface Calendar {
  name: string;
  /** DTSTAMP of every event: when the feed was produced. */
  stamp: Date;
  events: CalendarEvent[];
  /** PUBLISH unless said. */
  method?: CalendarMethod;
  /** For a subscribed feed: how often to fetch it again, an RFC 5545 duration such as "PT1H". */
  refreshInterval?: string;
}

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** 20260314T053000Z */
export function formatUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line at 75 octets (§3.1): continuation lines start with one space. Splits between
 * characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  // The first line may hold 75 octets; continuation lines 74 plus the leading space.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

export function renderCalendar(calendar: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Kerb//Instructor lessons//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${calendar.method ?? "PUBLISH"}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  if (calendar.refreshInterval) {
    // RFC 7986's property, and the older one Outlook and Google still read.
    lines.push(
      `REFRESH-INTERVAL;VALUE=DURATION:${calendar.refreshInterval}`,
      `X-PUBLISHED-TTL:${calendar.refreshInterval}`,
    );
  }
  const stamp = formatUtc(calendar.stamp);
  for (const event of calendar.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.lastModified) lines.push(`LAST-MODIFIED:${formatUtc(event.lastModified)}`);
    if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
    lines.push(`STATUS:${event.status ?? "CONFIRMED"}`, "TRANSP:OPAQUE", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
