import { describe, expect, it } from "vitest";
import { formatUtc, renderCalendar } from "./ical.ts";

const stamp = new Date("2026-03-01T00:00:00Z");
const event = {
  uid: "abc@kerb",
  start: new Date("2026-03-02T23:00:00Z"),
  end: new Date("2026-03-03T00:00:00Z"),
  summary: "Driving lesson – Sam",
};
const oneEvent = (summary: string) =>
  renderCalendar({ product: "Test", name: "Kerb", stamp, events: [{ ...event, summary }] });
/** Content lines with the folding undone (RFC 5545 §3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");

describe("iCalendar files", () => {
  it("formats instants in UTC basic format", () => {
    expect(formatUtc(new Date("2026-04-05T01:30:00.000Z"))).toBe("20260405T013000Z");
    expect(formatUtc(new Date("2026-10-04T15:00:59.999Z"))).toBe("20261004T150059Z");
  });

  it("escapes backslashes, semicolons, commas and newlines, in the calendar's name too", () => {
    expect(unfolded(oneEvent("a\\b;c,d\ne\r\nf"))).toContain("SUMMARY:a\\\\b\\;c\\,d\\ne\\nf");
    expect(unfolded(oneEvent("Plain: text"))).toContain("SUMMARY:Plain: text");
    const named = renderCalendar({ product: "Test", name: "Kerb lessons – Lee, Sam; Jr", stamp, events: [] });
    expect(unfolded(named)).toContain("X-WR-CALNAME:Kerb lessons – Lee\\, Sam\\; Jr");
  });

  it("folds lines at 75 octets without splitting a UTF-8 character", () => {
    const lines = oneEvent("–".repeat(40)).split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const start = lines.findIndex((l) => l.startsWith("SUMMARY:"));
    const continued = lines.slice(start + 1).findIndex((l) => !l.startsWith(" "));
    const parts = lines.slice(start, start + 1 + continued);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(`SUMMARY:${"–".repeat(40)}`);
  });

  it("renders an empty calendar and events with CRLF endings", () => {
    expect(renderCalendar({ product: "Instructor lessons", name: "Empty", stamp, events: [] })).toBe(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Kerb//Instructor lessons//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "NAME:Empty",
        "X-WR-CALNAME:Empty",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    const ics = renderCalendar({
      product: "Test",
      name: "Kerb",
      stamp,
      events: [{ ...event, location: "Town Hall, George St" }],
    });
    expect(ics).toContain(
      [
        "BEGIN:VEVENT",
        "UID:abc@kerb",
        "SEQUENCE:0",
        "DTSTAMP:20260301T000000Z",
        "DTSTART:20260302T230000Z",
        "DTEND:20260303T000000Z",
        "SUMMARY:Driving lesson – Sam",
        "TRANSP:OPAQUE",
        "LOCATION:Town Hall\\, George St",
        "STATUS:CONFIRMED",
        "END:VEVENT",
      ].join("\r\n"),
    );
  });

  it("carries the method, the revision, the status and a feed's refresh interval", () => {
    const ics = renderCalendar({
      product: "Test",
      name: "Kerb",
      stamp,
      method: "CANCEL",
      refreshSeconds: 3600,
      events: [{ ...event, sequence: 2, status: "CANCELLED", lastModified: stamp }],
    });
    const lines = unfolded(ics);
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(lines).toContain("X-PUBLISHED-TTL:PT1H");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("LAST-MODIFIED:20260301T000000Z");
  });
});
