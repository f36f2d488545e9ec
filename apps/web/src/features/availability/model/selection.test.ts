import { describe, expect, it } from "vitest";
import { slotAt, today } from "@/test/booking-fixtures";
import type { SlotsQuery } from "../api/query-keys";
import {
  clashesWithSelection,
  isSelected,
  lengthNote,
  slotCredits,
  slotMinutes,
  toggleSlot,
} from "./selection";
import { findStaleSlots } from "./stale-slots";

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

describe("a selection mixing lengths", () => {
  it("tells an hour from two hours at the same start: the one not picked clashes, it is not picked", () => {
    const hour = slotAt(today(), 10, { instructorId: "i-1" });
    const picked = [hour];
    expect(isSelected(picked, twoHoursAt(10, "i-1"))).toBe(false);
    expect(clashesWithSelection(picked, twoHoursAt(10, "i-1"))).toBe(true);
    expect(toggleSlot(picked, twoHoursAt(10, "i-1"))).toEqual(picked);
  });

  it("checks each lesson against the listing of its own length after a failed checkout", async () => {
    const hour = slotAt(today(), 9, { instructorId: "i-1", price: 80 });
    const twoHours = { ...twoHoursAt(13, "i-1"), price: 160 };
    const asked: SlotsQuery[] = [];
    const stale = await findStaleSlots(new Error("gone"), [hour, twoHours], "Bondi", async (query) => {
      asked.push(query);
      return query.lessonMinutes === 120 ? [twoHours] : [hour];
    });
    expect(stale).toEqual([]);
    expect(asked.map((q) => q.lessonMinutes)).toEqual([undefined, 120]);
  });
});
