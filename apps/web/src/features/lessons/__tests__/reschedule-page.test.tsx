import type { StudentProfileBooking } from "@kerb/shared";
import { addDaysToDate } from "@kerb/shared/rules";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { query, signedIn, slotAt, summary, today } from "@/test/booking-fixtures";
import { defined } from "@/test/defined";
import { apiError, jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { HOUR, studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const olivia = { id: "c0000000-0000-4000-8000-0000000000aa", firstName: "Olivia", lastName: "Brown" };
const lessonId = "b0000000-0000-4000-8000-0000000000e1";
const path = `/student/bookings/${lessonId}/reschedule`;
const day = (offset: number) => addDaysToDate(today(), offset);

const shortWeekday = (date: string) =>
  new Intl.DateTimeFormat("en-AU", { weekday: "short", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
const ddmmyyyy = (date: string) => date.split("-").reverse().join("/");

function lessonAt(
  date: string,
  hour: number,
  fields: Partial<StudentProfileBooking> = {},
): StudentProfileBooking {
  const slot = slotAt(date, hour);
  return {
    id: lessonId,
    startTime: slot.startTime,
    endTime: slot.endTime,
    status: "SCHEDULED",
    pickupLocation: "Parramatta",
    price: 85.1,
    isPoolHours: false,
    instructor: olivia,
    paymentId: "00000000-0000-4000-8000-0000000000aa",
    bundleId: null,
    holdExpiresAt: null,
    refund: null,
    suburb: "Parramatta",
    ...fields,
  };
}

const oliviaSlot = (date: string, hour: number, isPoolHours: boolean) =>
  slotAt(date, hour, {
    instructorId: olivia.id,
    instructorName: "Olivia Brown",
    price: isPoolHours ? 55.32 : 85.1,
    isPoolHours,
  });

// Day 3 has both kinds, day 4 pool only, day 5 standard only.
const calendar = summary(
  (index) =>
    ([
      [0, 0],
      [0, 0],
      [0, 0],
      [1, 2],
      [2, 0],
      [0, 1],
    ][index] ?? [0, 0]) as [number, number],
);
const daySlots: Record<string, ReturnType<typeof oliviaSlot>[]> = {
  [day(3)]: [oliviaSlot(day(3), 11, true), oliviaSlot(day(3), 16, false), oliviaSlot(day(3), 17, false)],
  [day(4)]: [oliviaSlot(day(4), 10, true), oliviaSlot(day(4), 12, true)],
  [day(5)]: [oliviaSlot(day(5), 9, false)],
};

function routes(lesson: StudentProfileBooking, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings: [lesson] })),
    "GET /api/student/availability-summary": () => jsonResponse(200, calendar),
    "GET /api/student/slots": (request: MockRequest) =>
      jsonResponse(200, daySlots[query(request).get("startDate") ?? ""] ?? []),
    ...extra,
  });
}

const dayButton = (date: string) => screen.findByRole("button", { name: new RegExp(ddmmyyyy(date)) });

describe("Reschedule a lesson", () => {
  it("shows only times of the lesson's kind, with its current day marked", async () => {
    const lesson = lessonAt(day(3), 9);
    const { calls } = routes(lesson);
    const { user } = renderApp(path, signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "Reschedule lesson" })).toBeVisible();
    expect(screen.getByText("Moves only to standard times.")).toBeInTheDocument();
    const summaryCall = defined(calls.find((c) => c.path.startsWith("/api/student/availability-summary")));
    expect(query(summaryCall).get("instructorId")).toBe(olivia.id);
    expect(query(summaryCall).get("suburb")).toBe("Parramatta");

    // The lesson's own day is marked and opens first; a pool-only day is greyed for a standard lesson.
    expect(await dayButton(day(3))).toHaveAccessibleName(expect.stringMatching(/Your lesson now$/));
    expect(await dayButton(day(4))).toBeDisabled();
    expect(await dayButton(day(5))).toBeEnabled();
    const times = await screen.findByRole("list", { name: /^Times on / });
    expect(
      within(times)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining("4:00 pm"), expect.stringContaining("5:00 pm")]);
    expect(within(times).getAllByText("No charge")).toHaveLength(2);
    expect(screen.getByText(/Your lesson is at 9:00 am – 10:00 am on this day/)).toBeInTheDocument();

    await user.click(await dayButton(day(5)));
    expect(await screen.findByRole("button", { name: /^9:00 am .*No charge$/ })).toBeEnabled();
  });

  it("asks the API for pool times only when the lesson is a pool lesson", async () => {
    const { calls } = routes(lessonAt(day(4), 11, { isPoolHours: true, price: 55.32 }));
    renderApp(path, signedIn);
    expect(await screen.findByText("Moves only to Pool Hours times.")).toBeInTheDocument();
    await dayButton(day(4));
    const summaryCall = defined(calls.find((c) => c.path.startsWith("/api/student/availability-summary")));
    expect(query(summaryCall).get("poolHoursOnly")).toBe("true");
    expect(await dayButton(day(5))).toBeDisabled();
  });

  it("moves the lesson to the chosen time and says where it is now", async () => {
    const lesson = lessonAt(day(3), 9);
    const target = defined(daySlots[day(3)]?.[1]);
    const { callsTo } = routes(lesson, {
      [`POST /api/student/bookings/${lessonId}/reschedule`]: () =>
        jsonResponse(200, { booking: { ...lesson, startTime: target.startTime, endTime: target.endTime } }),
    });
    const { user } = renderApp(path, signedIn);
    expect(screen.queryByRole("button", { name: /^Move lesson to/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: /^4:00 pm .*No charge$/ }));

    const label = `Move lesson to ${shortWeekday(day(3))} ${ddmmyyyy(day(3))}, 4:00 pm`;
    await user.click(screen.getByRole("button", { name: label }));

    expect(
      await screen.findByText(`Lesson moved to ${shortWeekday(day(3))} ${ddmmyyyy(day(3))}, 4:00 pm`),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/student/bookings/${lessonId}/reschedule`)[0]?.body).toEqual({
      startTime: target.startTime,
      endTime: target.endTime,
    });
    expect(screen.getByRole("link", { name: "See my lessons" })).toHaveAttribute("href", "/student/bookings");
  });

  it("a double click on Move lesson sends one request, with an Idempotency-Key", async () => {
    const lesson = lessonAt(day(3), 9);
    const target = defined(daySlots[day(3)]?.[1]);
    const { callsTo } = routes(lesson, {
      [`POST /api/student/bookings/${lessonId}/reschedule`]: () =>
        jsonResponse(200, { booking: { ...lesson, startTime: target.startTime, endTime: target.endTime } }),
    });
    const { user } = renderApp(path, signedIn);
    await user.click(await screen.findByRole("button", { name: /^4:00 pm .*No charge$/ }));
    const move = screen.getByRole("button", { name: /^Move lesson to/ });
    // Both clicks land before the page has re-rendered with the button disabled.
    fireEvent.click(move);
    fireEvent.click(move);
    expect(await screen.findByText(/^Lesson moved to /)).toBeInTheDocument();
    const sent = callsTo("POST", `/api/student/bookings/${lessonId}/reschedule`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("inside 24 hours says rescheduling has closed and points to cancelling instead", async () => {
    const soon = new Date(Date.now() + 10 * HOUR);
    routes(
      lessonAt(today(), 0, {
        startTime: soon.toISOString(),
        endTime: new Date(soon.getTime() + HOUR).toISOString(),
      }),
    );
    renderApp(path, signedIn);
    const alert = (await screen.findByText("Rescheduling has closed for this lesson")).closest(
      "[role=alert]",
    );
    expect(alert).toHaveTextContent("up to 24 hours before they start");
    expect(
      within(defined(alert as HTMLElement)).getByRole("link", { name: "Go to my lessons to cancel" }),
    ).toHaveAttribute("href", "/student/bookings");
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
  });

  it("when the server says the window has closed meanwhile, says so and stops offering the move", async () => {
    routes(lessonAt(day(3), 9), {
      [`POST /api/student/bookings/${lessonId}/reschedule`]: apiError(
        409,
        "reschedule_window_closed",
        "Lessons can only be rescheduled up to 24 hours before they start",
      ),
    });
    const { user } = renderApp(path, signedIn);
    await user.click(await screen.findByRole("button", { name: /^4:00 pm .*No charge$/ }));
    await user.click(screen.getByRole("button", { name: /^Move lesson to/ }));
    expect(await screen.findByText("Rescheduling has closed for this lesson")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Move lesson to/ })).toBeDisabled();
  });

  it("a taken time says what happened and keeps the lesson where it was", async () => {
    routes(lessonAt(day(3), 9), {
      [`POST /api/student/bookings/${lessonId}/reschedule`]: apiError(
        409,
        "slot_unavailable",
        "That time is no longer available",
      ),
    });
    const { user } = renderApp(path, signedIn);
    await user.click(await screen.findByRole("button", { name: /^4:00 pm .*No charge$/ }));
    await user.click(screen.getByRole("button", { name: /^Move lesson to/ }));
    const alert = defined((await screen.findByText("We couldn't move your lesson")).closest("[role=alert]"));
    expect(alert).toHaveTextContent("That time is no longer available");
    expect(alert).toHaveTextContent(
      `Your lesson is still at ${shortWeekday(day(3))} ${ddmmyyyy(day(3))}, 9:00 am`,
    );
    expect(screen.getByRole("button", { name: "Move lesson" })).toBeDisabled();
  });

  it("a cancelled lesson cannot be moved", async () => {
    routes(lessonAt(day(3), 9, { status: "CANCELLED", refund: 93.61 }));
    renderApp(path, signedIn);
    expect(await screen.findByText("This lesson can't be moved")).toBeInTheDocument();
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
  });

  it("someone else's lesson reads as not found", async () => {
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings: [] })),
    });
    renderApp(path, signedIn);
    expect(await screen.findByText("We couldn't find this lesson")).toBeInTheDocument();
  });
});
