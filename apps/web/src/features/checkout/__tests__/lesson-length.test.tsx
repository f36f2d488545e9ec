import { addDaysToDate } from "@kerb/shared/rules";
import { screen, waitFor, within } from "@testing-library/react";
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
  storedDraft,
  today,
  wizardRoutes,
} from "./wizard-test-utils";

const olivia = listing({
  id: "c0000000-0000-4000-8000-0000000000bb",
  firstName: "Olivia",
  lastName: "Brown",
  standardRate: 85.1,
  poolRate: 55.32,
  lessonLengths: [60, 90, 120],
});
const date = addDaysToDate(today(), 1);

const withOlivia = {
  ...slotStepDraft,
  rateOption: "pick_instructor",
  selectedDate: date,
  selectedInstructor: pickedInstructor(olivia),
};

/** An hour at 9:00 by default; two hours (at twice the rate) when asked for 120 minutes. */
function slotsFor(request: MockRequest) {
  const minutes = query(request).get("lessonMinutes");
  const base = { instructorId: olivia.id, instructorName: "Olivia Brown", isPoolHours: false };
  if (minutes === "120") {
    const slot = slotAt(date, 9, { ...base, price: 170.2 });
    const end = new Date(new Date(slot.startTime).getTime() + 2 * 3_600_000).toISOString();
    return [{ ...slot, endTime: end }];
  }
  return [slotAt(date, 9, { ...base, price: 85.1 })];
}

const availabilityCalls = (calls: MockRequest[]) =>
  calls.filter(
    (c) => c.path.startsWith("/api/student/slots") || c.path.startsWith("/api/student/availability-summary"),
  );

describe("Slot step: lesson length", () => {
  it("sends no lessonMinutes by default and offers only the instructor's lengths", async () => {
    const { calls } = wizardRoutes({ days: [0, 2], slots: slotsFor, instructors: [olivia] });
    resumeDraft(withOlivia);

    await screen.findByRole("button", {
      name: "9:00 am – 10:00 am, Olivia Brown, $93.61 incl. GST ($85.10 + GST)",
    });
    const group = await screen.findByRole("radiogroup", { name: "Lesson length" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["60", "90", "120"]);
    expect(within(group).getByRole("radio", { name: "60 minutes" })).toBeChecked();
    const sent = availabilityCalls(calls);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const call of sent) expect(query(call).has("lessonMinutes")).toBe(false);
  });

  it("asks for 120-minute times, clears the picked ones, and picks a 2-hour lesson at its price", async () => {
    const { calls } = wizardRoutes({ days: [0, 2], slots: slotsFor, instructors: [olivia] });
    const { user } = resumeDraft(withOlivia);

    await user.click(
      await screen.findByRole("button", {
        name: "9:00 am – 10:00 am, Olivia Brown, $93.61 incl. GST ($85.10 + GST)",
      }),
    );
    await waitFor(() => expect(storedDraft()?.selectedSlots).toHaveLength(1));

    await user.click(await screen.findByRole("radio", { name: "2 hours" }));
    await waitFor(() => expect(storedDraft()?.selectedSlots).toEqual([]));
    expect(screen.getByText(/clears the times you picked/)).toBeInTheDocument();

    const twoHours = await screen.findByRole("button", {
      name: "9:00 am – 11:00 am, Olivia Brown, $187.22 incl. GST ($170.20 + GST)",
    });
    const asked = availabilityCalls(calls).filter((c) => query(c).get("lessonMinutes") === "120");
    expect(asked.some((c) => c.path.startsWith("/api/student/slots"))).toBe(true);
    expect(asked.some((c) => c.path.startsWith("/api/student/availability-summary"))).toBe(true);
    expect(query(asked[0] as MockRequest).get("instructorId")).toBe(olivia.id);

    await user.click(twoHours);
    const row = within(within(selectionPanel()).getByRole("list", { name: "Selected lessons" })).getByRole(
      "listitem",
    );
    expect(row).toHaveTextContent("9:00 am – 11:00 am · 2 hours");
    expect(row).toHaveTextContent("$187.22 incl. GST · $170.20 + GST");
    expect(within(selectionPanel()).getByTestId("selection-total")).toHaveTextContent("$187.22");
    // The draft keeps the lesson itself: its times say how long it is.
    const saved = storedDraft()?.selectedSlots as { startTime: string; endTime: string; price: number }[];
    expect(saved).toHaveLength(1);
    expect(Date.parse(saved[0]?.endTime ?? "") - Date.parse(saved[0]?.startTime ?? "")).toBe(7_200_000);
    expect(saved[0]?.price).toBe(170.2);
  });

  it("offers no choice for Pool Hours (auto-assigned lessons are an hour)", async () => {
    wizardRoutes({ days: [2, 0], slots: () => [slotAt(date, 10)], instructors: [olivia] });
    resumeDraft({ ...slotStepDraft, selectedDate: date });
    await screen.findByRole("button", { name: /^10:00 am – 11:00 am, Auto-assigned/ });
    expect(screen.queryByRole("radiogroup", { name: "Lesson length" })).toBeNull();
  });

  it("reopens a saved draft on the length of its picked lesson", async () => {
    const picked = slotsFor({ path: "/api/student/slots?lessonMinutes=120" } as MockRequest)[0];
    const { calls } = wizardRoutes({ days: [0, 2], slots: slotsFor, instructors: [olivia] });
    resumeDraft({ ...withOlivia, selectedSlots: [picked] });

    expect(await screen.findByRole("radio", { name: "2 hours" })).toBeChecked();
    const row = within(within(selectionPanel()).getByRole("list", { name: "Selected lessons" })).getByRole(
      "listitem",
    );
    expect(row).toHaveTextContent("9:00 am – 11:00 am · 2 hours");
    await screen.findByRole("button", {
      name: "9:00 am – 11:00 am, Olivia Brown, $187.22 incl. GST ($170.20 + GST)",
    });
    // Straight to the saved length: no 60-minute calendar on the way.
    for (const call of availabilityCalls(calls)) expect(query(call).get("lessonMinutes")).toBe("120");
  });
});
