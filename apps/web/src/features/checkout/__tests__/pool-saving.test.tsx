import { addDaysToDate } from "@kerb/shared/rules";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MockRequest } from "@/test/fetch-mock";
import {
  listing,
  pickedInstructor,
  query,
  resumeDraft,
  selectionPanel,
  slotAt,
  slotStepDraft,
  today,
  wizardRoutes,
} from "./wizard-test-utils";

const date = addDaysToDate(today(), 1);
const ivy = listing({ firstName: "Ivy", lastName: "Cheap", standardRate: 80, poolRate: 52 });
const olivia = listing({ firstName: "Olivia", lastName: "Brown", standardRate: 85.1, poolRate: 55.32 });
const noPool = listing({ standardRate: 60, poolRate: 60, poolOptIn: false });

function routes(slotsFor: (request: MockRequest) => unknown[]) {
  return wizardRoutes({ days: [2, 1], slots: slotsFor, instructors: [noPool, olivia, ivy], bookings: [] });
}

const startAtSlots = (fields: Record<string, unknown> = {}) =>
  resumeDraft({ ...slotStepDraft, selectedDate: date, ...fields });
const struck = (element: HTMLElement) => element.querySelector("s")?.textContent ?? null;

describe("Pool Hours savings", () => {
  it("shows the standard price struck through beside an auto-assigned pool slot, in the list and the panel", async () => {
    const { calls } = routes(() => [slotAt(date, 10, { price: 52 })]);
    const { user } = startAtSlots();

    const slot = await screen.findByRole("button", {
      name: "10:00 am – 11:00 am, Auto-assigned pool instructor, $57.20 incl. GST ($52.00 + GST), was $88.00, Pool Hours - Save 35%",
    });
    expect(struck(slot)).toBe("was $88.00");
    expect(slot).toHaveTextContent("$57.20 incl. GST · $52.00 + GST");
    // The suburb's listing is what the standard price is read from: the pool price is that instructor's.
    expect(calls.some((c) => c.path.startsWith("/api/student/instructors"))).toBe(true);
    const listingCall = calls.find((c) => c.path.startsWith("/api/student/instructors"));
    expect(listingCall && query(listingCall).get("suburb")).toBe("Parramatta");

    await user.click(slot);
    const row = within(within(selectionPanel()).getByRole("list", { name: "Selected lessons" })).getByRole(
      "listitem",
    );
    expect(struck(row)).toBe("was $88.00");
    expect(row).toHaveTextContent("$57.20 incl. GST · $52.00 + GST");
  });

  it("strikes through the picked instructor's standard rate on their pool slots only", async () => {
    routes((request) =>
      query(request).get("instructorId") === olivia.id
        ? [
            slotAt(date, 9, {
              instructorId: olivia.id,
              instructorName: "Olivia Brown",
              price: 85.1,
              isPoolHours: false,
            }),
            slotAt(date, 10, { instructorId: olivia.id, instructorName: "Olivia Brown", price: 55.32 }),
          ]
        : [],
    );
    startAtSlots({
      rateOption: "pick_instructor",
      selectedInstructor: pickedInstructor(olivia),
    });

    const pool = await screen.findByRole("button", {
      name: "10:00 am – 11:00 am, Olivia Brown, $60.85 incl. GST ($55.32 + GST), was $93.61, Pool Hours - Save 35%",
    });
    expect(struck(pool)).toBe("was $93.61");
    const standard = screen.getByRole("button", {
      name: "9:00 am – 10:00 am, Olivia Brown, $93.61 incl. GST ($85.10 + GST)",
    });
    expect(struck(standard)).toBeNull();
  });

  it("shows no struck price when the pool price matches no listed instructor", async () => {
    routes(() => [slotAt(date, 11, { price: 40 })]);
    startAtSlots();
    const slot = await screen.findByRole("button", {
      name: "11:00 am – 12:00 pm, Auto-assigned pool instructor, $44.00 incl. GST ($40.00 + GST), Pool Hours - Save 35%",
    });
    expect(struck(slot)).toBeNull();
  });
});
