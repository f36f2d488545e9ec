import { describe, expect, it } from "vitest";
import { slotAt, today } from "@/test/booking-fixtures";
import { clashesWithSelection, lengthNote, slotCredits, slotMinutes } from "./selection";

const twoHoursAt = (hour: number, instructorId: string | null = null) => {
  const slot = slotAt(today(), hour, { instructorId });
  return { ...slot, endTime: new Date(Date.parse(slot.startTime) + 7_200_000).toISOString() };
};

describe("selection with lesson lengths", () => {
  it("reads a lesson's length, its words and its credits from its times", () => {
    expect(slotMinutes(slotAt(today(), 9))).toBe(60);
    expect(lengthNote(slotAt(today(), 9))).toBeNull();
    expect(slotMinutes(twoHoursAt(9))).toBe(120);
    expect(lengthNote(twoHoursAt(9))).toBe("2 hours");
    expect(slotCredits(slotAt(today(), 9))).toBe(1);
    expect(slotCredits(twoHoursAt(9))).toBe(2);
  });

  it("refuses a time inside a picked 2-hour lesson, and allows the one right after it", () => {
    const picked = [twoHoursAt(10, "i-1")];
    expect(clashesWithSelection(picked, slotAt(today(), 11, { instructorId: "i-2" }))).toBe(true);
    expect(clashesWithSelection(picked, twoHoursAt(9, "i-2"))).toBe(true);
    expect(clashesWithSelection(picked, slotAt(today(), 12, { instructorId: "i-2" }))).toBe(false);
    expect(clashesWithSelection(picked, slotAt(today(), 9, { instructorId: "i-2" }))).toBe(false);
    // The picked lesson itself is a toggle, not a clash.
    expect(clashesWithSelection(picked, twoHoursAt(10, "i-1"))).toBe(false);
  });
});
