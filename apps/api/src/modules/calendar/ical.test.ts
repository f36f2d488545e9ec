import { describe, expect, it } from "vitest";
import { escapeText, foldLine, formatUtc, renderCalendar } from "./ical.ts";

describe("iCalendar writer", () => {
  it("formats instants in UTC basic format", () => {
    expect(formatUtc(new Date("2026-04-05T01:30:00.000Z"))).toBe("20260405T013000Z");
    expect(formatUtc(new Date("2026-10-04T15:00:59.999Z"))).toBe("20261004T150059Z");
  });

  it("escapes backslashes, semicolons, commas and newlines", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    expect(escapeText("Plain: text")).toBe("Plain: text");
  });

  it("folds lines at 75 octets without splitting a UTF-8 character", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    const folded = foldLine(`SUMMARY:${"–".repeat(40)}`);
    const parts = folded.split("\r\n");
    for (const part of parts) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(`SUMMARY:${"–".repeat(40)}`);
  });

  it("renders an empty calendar and events with CRLF endings", () => {
    const stamp = new Date("2026-03-01T00:00:00Z");
    expect(renderCalendar({ name: "Empty", stamp, events: [] })).toBe(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Kerb//Instructor lessons//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "X-WR-CALNAME:Empty",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    const ics = renderCalendar({
      name: "Kerb",
      stamp,
      events: [
        {
          uid: "abc@kerb",
          start: new Date("2026-03-02T23:00:00Z"),
          end: new Date("2026-03-03T00:00:00Z"),
          summary: "Driving lesson – Sam",
          location: "Town Hall, George St",
        },
      ],
    });
    expect(ics).toContain(
      [
        "BEGIN:VEVENT",
        "UID:abc@kerb",
        "DTSTAMP:20260301T000000Z",
        "DTSTART:20260302T230000Z",
        "DTEND:20260303T000000Z",
        "SUMMARY:Driving lesson – Sam",
        "LOCATION:Town Hall\\, George St",
        "STATUS:CONFIRMED",
        "TRANSP:OPAQUE",
        "END:VEVENT",
      ].join("\r\n"),
    );
  });
});
