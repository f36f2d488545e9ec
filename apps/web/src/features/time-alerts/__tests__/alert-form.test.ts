import { describe, expect, it } from "vitest";
import { describeWindow, initialDraft, parseAuDate, readAlertDraft } from "../model/alert-form";

const TODAY = "2026-12-07";

describe("the earlier-time alert form's reading", () => {
  it("reads DD/MM/YYYY dates and refuses what is not a real date", () => {
    expect(parseAuDate("24/12/2026")).toBe("2026-12-24");
    expect(parseAuDate(" 1/2/2027 ")).toBe("2027-02-01");
    expect(parseAuDate("31/02/2027")).toBeNull();
    expect(parseAuDate("2026-12-24")).toBeNull();
  });

  it("starts today and ends on the lesson's date (or a fortnight on)", () => {
    expect(initialDraft(TODAY, { instructorId: "i", before: "2026-12-18" })).toMatchObject({
      instructorId: "i",
      fromDate: "07/12/2026",
      toDate: "18/12/2026",
      lessonMinutes: "60",
    });
    expect(initialDraft(TODAY, {}).toDate).toBe("21/12/2026");
  });

  it("builds the request, leaving out what was not chosen", () => {
    const draft = { ...initialDraft(TODAY, {}), fromTime: "07:00", weekdays: [2, 4], lessonMinutes: "90" };
    expect(readAlertDraft(draft, TODAY)).toEqual({
      request: {
        instructorId: null,
        fromDate: "2026-12-07",
        toDate: "2026-12-21",
        fromTime: "07:00",
        weekdays: [2, 4],
        lessonMinutes: 90,
      },
    });
  });

  it("says what is wrong with each field", () => {
    const bad = readAlertDraft(
      {
        ...initialDraft(TODAY, {}),
        fromDate: "06/12/2026",
        toDate: "soon",
        fromTime: "10:00",
        toTime: "09:00",
      },
      TODAY,
    );
    expect(bad.errors).toEqual({
      fromDate: "Choose a first date from today (07/12/2026) on",
      toDate: "Enter the last date as DD/MM/YYYY",
      toTime: "The latest finish must be after the earliest start",
    });
    expect(readAlertDraft({ ...initialDraft(TODAY, {}), toDate: "06/02/2027" }, TODAY).errors).toEqual({
      toDate: "An alert can watch at most 60 days: choose an earlier last date",
    });
  });

  it("describes an alert's days, times and length in a line", () => {
    expect(describeWindow({ weekdays: [1, 3], fromTime: "07:00", toTime: "10:00", lessonMinutes: 60 })).toBe(
      "Mon, Wed · 7:00 am – 10:00 am · 1 hour lessons",
    );
    expect(describeWindow({ weekdays: null, fromTime: null, toTime: null, lessonMinutes: 120 })).toBe(
      "Any day · any time of day · 2 hours lessons",
    );
  });
});
