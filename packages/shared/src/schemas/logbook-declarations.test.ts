import { describe, expect, it } from "vitest";
import {
  FUTURE_LOGBOOK_DATE_MESSAGE,
  logbookDateIssue,
  OLD_LOGBOOK_DATE_MESSAGE,
  outsideLessonRequest,
  saferDriversCourseRequest,
} from "./learning.ts";

describe("declaring lessons from other schools and the Safer Drivers Course", () => {
  it("takes a school, a date, whole minutes from 1 to 8 hours, and whether it was structured", () => {
    const good = { school: " Bondi Driving School ", date: "2026-02-02", minutes: 60, structured: true };
    expect(outsideLessonRequest.parse(good)).toEqual({ ...good, school: "Bondi Driving School" });
    for (const minutes of [-60, 0, 481, 59.5, Number.POSITIVE_INFINITY, "60"]) {
      expect(outsideLessonRequest.safeParse({ ...good, minutes }).success, String(minutes)).toBe(false);
    }
    expect(outsideLessonRequest.safeParse({ ...good, minutes: 480 }).success).toBe(true);
    expect(outsideLessonRequest.safeParse({ ...good, school: "  " }).success).toBe(false);
    expect(outsideLessonRequest.safeParse({ ...good, structured: undefined }).success).toBe(false);
    expect(outsideLessonRequest.safeParse({ ...good, date: "2026-02-30" }).success).toBe(false);
    expect(saferDriversCourseRequest.safeParse({ completedOn: "2026-13-01" }).success).toBe(false);
  });

  it("refuses a date in the future or more than 5 years back (a learner licence's life)", () => {
    expect(logbookDateIssue("2026-12-03", "2026-12-02")).toBe(FUTURE_LOGBOOK_DATE_MESSAGE);
    expect(logbookDateIssue("2026-12-02", "2026-12-02")).toBeNull();
    expect(logbookDateIssue("2021-12-02", "2026-12-02")).toBeNull();
    expect(logbookDateIssue("2021-12-01", "2026-12-02")).toBe(OLD_LOGBOOK_DATE_MESSAGE);
    // Five years before 29 February is 1 March (there is no 29 February then).
    expect(logbookDateIssue("2023-03-01", "2028-02-29")).toBeNull();
    expect(logbookDateIssue("2023-02-28", "2028-02-29")).toBe(OLD_LOGBOOK_DATE_MESSAGE);
  });
});
