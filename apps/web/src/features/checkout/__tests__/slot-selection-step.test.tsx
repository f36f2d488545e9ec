import { addDaysToDate } from "@kerb/shared/rules";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import {
  findStepHeading,
  keepaliveRoute,
  query,
  resumeDraft,
  selectionPanel,
  slotAt,
  slotStepDraft,
  storedDraft,
  summary,
  today,
  wizardRoutes,
} from "./wizard-test-utils";

const instructor = {
  id: "c0000000-0000-4000-8000-0000000000aa",
  firstName: "Olivia",
  lastName: "Brown",
  standardRate: 85.1,
  poolRate: 55.32,
  autoMatch: false,
};

// Day 0 nothing, day 1 both kinds, day 2 pool only, day 3 standard only, then nothing.
const calendar = summary(
  (index) =>
    ([
      [0, 0],
      [3, 2],
      [2, 0],
      [0, 4],
    ][index] ?? [0, 0]) as [number, number],
);

const longWeekday = (date: string) =>
  new Intl.DateTimeFormat("en-AU", { weekday: "long", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
const ddmmyyyy = (date: string) => date.split("-").reverse().join("/");

const startAtSlots = (fields: Record<string, unknown> = {}) => resumeDraft({ ...slotStepDraft, ...fields });

function routes(slotsFor: (request: MockRequest) => unknown[], days = calendar) {
  return wizardRoutes({ days, slots: slotsFor });
}

const day = (offset: number) => addDaysToDate(today(), offset);

describe("Slot step: calendar", () => {
  it("builds 30 days from today with one availability-summary call", async () => {
    const { calls } = routes(() => []);
    startAtSlots();
    const grid = await screen.findByRole("grid", { name: "Available days, next 30 days" });

    const summaryCalls = calls.filter((c) => c.path.startsWith("/api/student/availability-summary"));
    expect(summaryCalls).toHaveLength(1);
    const params = query(defined(summaryCalls[0]));
    expect(params.get("suburb")).toBe("Parramatta");
    expect(params.get("startDate")).toBe(today());
    expect(params.get("endDate")).toBe(day(29));
    expect(params.get("poolHoursOnly")).toBe("true");
    expect(params.has("instructorId")).toBe(false);

    expect(within(grid).getAllByRole("button")).toHaveLength(30);
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  });

  it("colours each day by what it offers, greys out and disables empty days, and labels them", async () => {
    routes(() => []);
    startAtSlots();
    await screen.findByRole("grid");

    const both = screen.getByRole("button", {
      name: `${longWeekday(day(1))} ${ddmmyyyy(day(1))}, 5 slots: 3 pool, 2 standard`,
    });
    expect(both).toHaveAttribute("data-availability", "both");
    expect(both).toHaveClass("bg-amber-100");
    expect(both).toHaveTextContent("5");
    expect(both).toBeEnabled();

    const pool = screen.getByRole("button", {
      name: `${longWeekday(day(2))} ${ddmmyyyy(day(2))}, 2 slots: 2 pool, 0 standard`,
    });
    expect(pool).toHaveAttribute("data-availability", "pool");
    expect(pool).toHaveClass("bg-emerald-100");

    const standard = screen.getByRole("button", {
      name: `${longWeekday(day(3))} ${ddmmyyyy(day(3))}, 4 slots: 0 pool, 4 standard`,
    });
    expect(standard).toHaveAttribute("data-availability", "standard");
    expect(standard).toHaveClass("bg-sky-100");

    const none = screen.getByRole("button", {
      name: `${longWeekday(day(0))} ${ddmmyyyy(day(0))}, no available slots`,
    });
    expect(none).toHaveAttribute("data-availability", "none");
    expect(none).toHaveClass("bg-slate-100");
    expect(none).toBeDisabled();

    const legend = screen.getByRole("list", { name: "Calendar legend" });
    expect(legend).toHaveTextContent("Pool Hours only");
    expect(legend).toHaveTextContent("Standard only");
    expect(legend).toHaveTextContent("Pool Hours and standard");
    expect(legend).toHaveTextContent("No times available");
  });

  it("moves between bookable days with the arrow keys", async () => {
    routes(() => []);
    startAtSlots();
    const grid = await screen.findByRole("grid");
    const first = within(grid).getByRole("button", { name: new RegExp(ddmmyyyy(day(1))) });
    expect(first).toHaveAttribute("tabindex", "0");
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(within(grid).getByRole("button", { name: new RegExp(ddmmyyyy(day(2))) })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    expect(within(grid).getByRole("button", { name: new RegExp(ddmmyyyy(day(3))) })).toHaveFocus();
    // Past the last bookable day there is nowhere to go: focus stays.
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowRight" });
    expect(within(grid).getByRole("button", { name: new RegExp(ddmmyyyy(day(3))) })).toHaveFocus();
  });

  it("suggests another suburb or the other option when nothing is free for 30 days", async () => {
    routes(
      () => [],
      summary(() => [0, 0]),
    );
    const { user } = startAtSlots();
    expect(await screen.findByText("No available times in the next 30 days")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose another suburb" })).toBeInTheDocument();
    const pick = screen.getAllByRole("button", { name: "Pick an instructor instead" });
    await user.click(defined(pick.at(-1)));
    await findStepHeading("Choose your instructor");
  });
});

describe("Slot step: slots and selection", () => {
  it("loads the chosen day's slots and toggles them in and out, totalling in cents", async () => {
    const date = day(1);
    const { calls } = routes(() => [
      slotAt(date, 10, { price: 48.75 }),
      slotAt(date, 11, { price: 35.1 }),
      slotAt(date, 12, { price: 35.1 }),
    ]);
    const { user } = startAtSlots();
    await user.click(
      await screen.findByRole("button", { name: new RegExp(`^${longWeekday(date)} ${ddmmyyyy(date)}`) }),
    );

    expect(
      await screen.findByRole("heading", { name: `Times on ${longWeekday(date)} ${ddmmyyyy(date)}` }),
    ).toBeInTheDocument();
    const slotsCall = defined(calls.find((c) => c.path.startsWith("/api/student/slots")));
    expect(Object.fromEntries(query(slotsCall))).toEqual({
      suburb: "Parramatta",
      startDate: date,
      endDate: date,
      poolHoursOnly: "true",
    });

    const ten = await screen.findByRole("button", {
      name: "10:00 am – 11:00 am, Auto-assigned pool instructor, $53.63 incl. GST ($48.75 + GST), Pool Hours - Save 35%",
    });
    expect(ten).toHaveAttribute("aria-pressed", "false");
    expect(within(ten.closest("li") as HTMLElement).getByText("Pool Hours - Save 35%")).toBeInTheDocument();

    const continueButton = within(selectionPanel()).getByRole("button", { name: "Continue to Payment" });
    expect(continueButton).toBeDisabled();

    await user.click(ten);
    await user.click(screen.getByRole("button", { name: /^11:00 am – 12:00 pm/ }));
    await user.click(screen.getByRole("button", { name: /^12:00 pm – 1:00 pm/ }));
    expect(ten).toHaveAttribute("aria-pressed", "true");

    // 48.75 + 35.10 + 35.10 is 118.94999… in floating point; in cents it is exactly $118.95.
    expect(within(selectionPanel()).getByText("Total lessons").nextSibling).toHaveTextContent("3");
    expect(within(selectionPanel()).getByText("Pool Hours lessons").nextSibling).toHaveTextContent("3");
    expect(within(selectionPanel()).getByTestId("pool-subtotal")).toHaveTextContent("$118.95");
    expect(within(selectionPanel()).getByTestId("regular-subtotal")).toHaveTextContent("$0.00");
    // The total is what paying charges, GST included: 11.895 GST rounds half up to $11.90.
    expect(within(selectionPanel()).getByTestId("selection-gst")).toHaveTextContent("$11.90");
    expect(within(selectionPanel()).getByTestId("selection-total")).toHaveTextContent("$130.85");
    expect(
      within(selectionPanel()).getByRole("heading", { name: "Your selection" }).nextSibling,
    ).toHaveTextContent("3 lessons · $130.85 incl. GST · $118.95 + GST");
    expect(continueButton).toBeEnabled();

    await user.click(ten);
    expect(ten).toHaveAttribute("aria-pressed", "false");
    expect(within(selectionPanel()).getByTestId("selection-total")).toHaveTextContent("$77.22");
    expect(storedDraft()).toMatchObject({ selectedDate: date });
    expect(storedDraft()?.selectedSlots).toHaveLength(2);

    expect(selectionPanel()).toHaveTextContent("Your times are held for 30 minutes during checkout.");
    expect(selectionPanel()).toHaveTextContent("You can remove lessons before you pay.");
    expect(selectionPanel()).toHaveTextContent("Pool Hours instructors are auto-assigned.");

    await user.click(continueButton);
    await findStepHeading("Review your booking and pay");
  });

  it("mixes Pool Hours and a picked instructor, keeps the selection and removes lessons from the panel", async () => {
    const date = day(3);
    const poolLesson = slotAt(day(1), 10, { price: 48.75 });
    const { calls } = routes((request) =>
      query(request).get("instructorId") === instructor.id
        ? [
            slotAt(date, 9, {
              instructorId: instructor.id,
              instructorName: "Olivia Brown",
              price: 85.1,
              isPoolHours: false,
            }),
            slotAt(date, 10, { instructorId: instructor.id, instructorName: "Olivia Brown", price: 55.32 }),
          ]
        : [],
    );
    const { user } = startAtSlots({
      rateOption: "pick_instructor",
      selectedInstructor: instructor,
      selectedSlots: [poolLesson],
      selectedDate: date,
    });

    expect(await screen.findByText("Showing times with Olivia Brown")).toBeInTheDocument();
    const nine = await screen.findByRole("button", {
      name: "9:00 am – 10:00 am, Olivia Brown, $93.61 incl. GST ($85.10 + GST)",
    });
    await user.click(nine);
    expect(within(selectionPanel()).getByTestId("regular-subtotal")).toHaveTextContent("$85.10");
    expect(within(selectionPanel()).getByTestId("pool-subtotal")).toHaveTextContent("$48.75");
    expect(within(selectionPanel()).getByTestId("selection-total")).toHaveTextContent("$147.24");
    // The instructor's own calendar: no pool-only filter.
    const summaryCall = defined(calls.find((c) => c.path.startsWith("/api/student/availability-summary")));
    expect(query(summaryCall).get("instructorId")).toBe(instructor.id);
    expect(query(summaryCall).has("poolHoursOnly")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Switch to Pool Hours" }));
    expect(await screen.findByText("Showing Pool Hours times")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter(
          (c) => c.path.startsWith("/api/student/availability-summary") && query(c).get("poolHoursOnly"),
        ),
      ).toHaveLength(1),
    );
    expect(within(selectionPanel()).getByTestId("selection-total")).toHaveTextContent("$147.24");

    const list = within(selectionPanel()).getByRole("list", { name: "Selected lessons" });
    const removeButtons = within(list).getAllByRole("button", { name: /^Remove lesson on / });
    expect(removeButtons).toHaveLength(2);
    await user.click(defined(removeButtons[0]));
    expect(within(selectionPanel()).getByTestId("selection-total")).toHaveTextContent("$93.61");
    expect(within(selectionPanel()).getByTestId("pool-subtotal")).toHaveTextContent("$0.00");
  });

  it("offers to repeat one lesson with a picked instructor weekly, and not a mix of lessons", async () => {
    const date = day(3);
    const nine = slotAt(date, 9, {
      instructorId: instructor.id,
      instructorName: "Olivia Brown",
      price: 85.1,
      isPoolHours: false,
    });
    const { calls } = wizardRoutes(
      { days: calendar, slots: () => [nine] },
      {
        "POST /api/student/weekly-series/preview": () =>
          jsonResponse(200, {
            instructor: { id: instructor.id, firstName: "Olivia", lastName: "Brown" },
            suburb: "Parramatta",
            weeks: [],
            subtotal: 0,
            gst: 0,
            total: 0,
          }),
      },
    );
    const { user } = startAtSlots({
      rateOption: "pick_instructor",
      selectedInstructor: instructor,
      selectedSlots: [nine],
      selectedDate: date,
    });
    expect(await screen.findByText("Showing times with Olivia Brown")).toBeInTheDocument();
    const repeat = await screen.findByRole("button", { name: "Repeat weekly" });
    await user.click(repeat);
    expect(await screen.findByRole("dialog", { name: "Repeat weekly" })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/student/weekly-series/preview")).toHaveLength(1),
    );
    expect(defined(calls.find((c) => c.path === "/api/student/weekly-series/preview")).body).toMatchObject({
      instructorId: instructor.id,
      startTime: nine.startTime,
      weeks: 6,
      suburb: "Parramatta",
    });
  });

  it("does not let two lessons share a start time", async () => {
    const date = day(1);
    const pool = slotAt(date, 10, { price: 48.75 });
    routes(() => [
      pool,
      slotAt(date, 10, {
        instructorId: instructor.id,
        instructorName: "Olivia Brown",
        price: 85.1,
        isPoolHours: false,
      }),
    ]);
    const { user } = startAtSlots({ selectedDate: date });
    const poolButton = await screen.findByRole("button", {
      name: /Auto-assigned pool instructor, \$53\.63 incl\. GST/,
    });
    const instructorButton = screen.getByRole("button", { name: /Olivia Brown, \$93\.61 incl\. GST/ });
    await user.click(poolButton);
    expect(instructorButton).toBeDisabled();
    expect(screen.getByText("You already have a lesson at this time")).toBeInTheDocument();
  });

  it("goes back to the option step from Pool Hours and to the instructor from a picked instructor", async () => {
    mockFetch({
      ...keepaliveRoute,
      "GET /api/student/availability-summary": () => jsonResponse(200, calendar),
      "GET /api/student/instructors": { body: [] },
    });
    const { user } = startAtSlots();
    await findStepHeading("Pick your lesson times");
    await user.click(screen.getByRole("button", { name: "Back" }));
    await findStepHeading("Choose your booking option");
    expect(storedDraft()?.currentStep).toBe("rate_instructor_option");
  });
});
