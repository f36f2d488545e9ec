import { describe, expect, it } from "vitest";
import { slotAt, today } from "@/test/booking-fixtures";
import { batchInvoiceLines, batchLessonsText } from "./invoice";

describe("batchInvoiceLines: lesson lengths", () => {
  it("says 60 min for an hour and the length for a longer lesson, on lines of their own", () => {
    const hour = slotAt(today(), 9, { instructorName: "Olivia Brown", price: 85.1, isPoolHours: false });
    const start = Date.parse(hour.startTime);
    const twoHours = slotAt(today(), 12, {
      instructorName: "Olivia Brown",
      price: 170.2,
      isPoolHours: false,
    });
    twoHours.endTime = new Date(Date.parse(twoHours.startTime) + 7_200_000).toISOString();
    const ninety = { ...hour, startTime: new Date(start + 4 * 3_600_000).toISOString(), price: 127.65 };
    ninety.endTime = new Date(Date.parse(ninety.startTime) + 5_400_000).toISOString();

    expect(batchInvoiceLines([hour, twoHours, ninety]).map((l) => [l.description, l.totalCents])).toEqual([
      ["Driving lesson (60 min) · Olivia Brown", 8510],
      ["Driving lesson (2 hours) · Olivia Brown", 17020],
      ["Driving lesson (90 minutes) · Olivia Brown", 12765],
    ]);
    expect(batchLessonsText([hour])).toBe("1 lesson of 60 minutes");
    expect(batchLessonsText([hour, hour])).toBe("2 lessons of 60 minutes");
    expect(batchLessonsText([twoHours])).toBe("1 lesson of 2 hours");
    expect(batchLessonsText([twoHours, hour, ninety])).toBe("3 lessons (60 minutes, 90 minutes, 2 hours)");
  });
});
