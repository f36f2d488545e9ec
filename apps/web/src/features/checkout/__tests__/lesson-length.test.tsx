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

/** A lesson of `minutes` at `hour`, priced by the hour at Olivia's rate. */
function lessonAt(hour: number, minutes: number) {
  const base = { instructorId: olivia.id, instructorName: "Olivia Brown", isPoolHours: false };
  const slot = slotAt(date, hour, { ...base, price: Math.round(8510 * (minutes / 60)) / 100 });
  const end = new Date(new Date(slot.startTime).getTime() + minutes * 60_000).toISOString();
  return { ...slot, endTime: end };
}

/**
 * An hour at 9:00 by default; two hours (at twice the rate) at 9:00 and 14:00 when asked for 120
 * minutes; 90 minutes at 11:00.
 */
function slotsFor(request: MockRequest) {
  const minutes = query(request).get("lessonMinutes");
  if (minutes === "120") return [lessonAt(9, 120), lessonAt(14, 120)];
  if (minutes === "90") return [lessonAt(11, 90)];
  return [lessonAt(9, 60)];
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

  it("asks for 120-minute times and picks a 2-hour lesson at its price", async () => {
    const { calls } = wizardRoutes({ days: [0, 2], slots: slotsFor, instructors: [olivia] });
    const { user } = resumeDraft(withOlivia);

    await user.click(await screen.findByRole("radio", { name: "2 hours" }));
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

  it("mixes 60, 90 and 120-minute lessons in one checkout, each at its own length and price", async () => {
    const { callsTo } = wizardRoutes({ days: [0, 2], slots: slotsFor, instructors: [olivia] });
    const { user } = resumeDraft(withOlivia);

    await user.click(
      await screen.findByRole("button", {
        name: "9:00 am – 10:00 am, Olivia Brown, $93.61 incl. GST ($85.10 + GST)",
      }),
    );
    await user.click(await screen.findByRole("radio", { name: "90 minutes" }));
    expect(screen.getByText(/the times you picked stay/)).toBeInTheDocument();
    await user.click(
      await screen.findByRole("button", {
        name: "11:00 am – 12:30 pm, Olivia Brown, $140.42 incl. GST ($127.65 + GST)",
      }),
    );
    await user.click(await screen.findByRole("radio", { name: "2 hours" }));
    // Two hours from 9:00 would overlap the hour already picked then; the afternoon's do not.
    expect(
      await screen.findByRole("button", {
        name: "9:00 am – 11:00 am, Olivia Brown, $187.22 incl. GST ($170.20 + GST)",
      }),
    ).toBeDisabled();
    await user.click(
      screen.getByRole("button", {
        name: "2:00 pm – 4:00 pm, Olivia Brown, $187.22 incl. GST ($170.20 + GST)",
      }),
    );

    const rows = within(
      within(selectionPanel()).getByRole("list", { name: "Selected lessons" }),
    ).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("9:00 am – 10:00 am"),
      expect.stringContaining("11:00 am – 12:30 pm · 90 minutes"),
      expect.stringContaining("2:00 pm – 4:00 pm · 2 hours"),
    ]);
    expect(within(selectionPanel()).getByTestId("selection-total")).toHaveTextContent("$421.25");
    await waitFor(() => expect(storedDraft()?.selectedSlots).toHaveLength(3));

    await user.click(within(selectionPanel()).getByRole("button", { name: "Continue to Payment" }));
    await screen.findByRole("heading", { name: "Review your booking and pay" });
    expect(screen.getByTestId("invoice-subtotal")).toHaveTextContent("$382.95");
    expect(callsTo("POST", "/api/student/bookings/batch")).toHaveLength(0);
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
