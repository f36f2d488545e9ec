/**
 * The logbook a learner can trust (issue 31): each credited total with the Transport for NSW rule behind
 * it, lessons not yet confirmed shown but not counted, and the learner declaring lessons with other
 * schools and their Safer Drivers Course (refused before sending when the server would refuse).
 */
import type { StudentLogbook } from "@kerb/shared";
import { addDaysToDate, LOGBOOK_RULES } from "@kerb/shared/rules";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedIn, today } from "@/test/booking-fixtures";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { logbook, progress } from "@/test/learning-fixtures";
import { renderApp } from "@/test/render";

/** After Sam declares 2 structured hours with Bondi Driving School and records the course. */
function declared(): StudentLogbook {
  const before = logbook();
  return {
    ...before,
    totals: {
      ...before.totals,
      outsideLessonMinutes: 120,
      creditedMinutes: 360 + 360 + 1200,
      lines: [
        {
          rule: "THREE_FOR_ONE",
          text: LOGBOOK_RULES.THREE_FOR_ONE,
          drivenMinutes: 240,
          creditedMinutes: 720,
        },
        {
          rule: "SAFER_DRIVERS_COURSE",
          text: LOGBOOK_RULES.SAFER_DRIVERS_COURSE,
          drivenMinutes: 0,
          creditedMinutes: 1200,
        },
      ],
    },
    outsideLessons: [
      {
        id: "c0000000-0000-4000-8000-000000000001",
        school: "Bondi Driving School",
        date: "2026-02-02",
        minutes: 120,
        structured: true,
        bonusMinutes: 120,
        creditedMinutes: 360,
        rule: "THREE_FOR_ONE",
      },
    ],
    saferDriversCourse: { completedOn: "2026-05-01", creditedMinutes: 1200, rule: "SAFER_DRIVERS_COURSE" },
  };
}

function open(routes: Parameters<typeof mockFetch>[0] = {}, answer: StudentLogbook = logbook()) {
  const fetch = mockFetch({
    "GET /api/student/progress": jsonResponse(200, progress()),
    "GET /api/student/logbook": jsonResponse(200, answer),
    ...routes,
  });
  return { ...fetch, ...renderApp("/student/progress", signedIn) };
}

describe("The logbook a learner can trust", () => {
  it("says which rule credited each total, and shows a lesson not yet confirmed without counting it", async () => {
    const base = logbook();
    const unconfirmed = {
      ...base.lessons[0],
      bookingId: "b0000000-0000-4000-8000-000000000002",
      startTime: "2026-06-16T08:00:00.000Z",
      endTime: "2026-06-16T09:00:00.000Z",
      bonusMinutes: 0,
      creditedDayMinutes: 0,
      creditedNightMinutes: 0,
      creditedMinutes: 0,
      confirmed: false,
      rule: "NOT_CONFIRMED",
    } as StudentLogbook["lessons"][number];
    open({}, { ...base, lessons: [...base.lessons, unconfirmed] });
    const lines = await screen.findByRole("list", { name: "How your hours are credited" });
    expect(lines).toHaveTextContent(LOGBOOK_RULES.THREE_FOR_ONE);
    expect(lines).toHaveTextContent("+6 h");
    expect(screen.getByText(new RegExp(LOGBOOK_RULES.NIGHT.slice(0, 30)))).toBeInTheDocument();
    const lessons = within(screen.getByRole("list", { name: "Lessons in your logbook" })).getAllByRole(
      "listitem",
    );
    // Newest first: the lesson Ivy has not confirmed adds nothing yet.
    expect(lessons[0]).toHaveTextContent("+0 min");
    expect(lessons[0]).toHaveTextContent("Not yet confirmed: counts once the instructor confirms it");
  });

  it("declares a lesson from another school and shows the logbook the server answers", async () => {
    const { user, callsTo } = open({
      "POST /api/student/logbook/outside-lessons": jsonResponse(200, declared()),
    });
    const form = await screen.findByRole("form", { name: "Add a lesson from another school" });
    await user.type(within(form).getByLabelText("Driving school"), "Bondi Driving School");
    fireEvent.change(within(form).getByLabelText("Date"), { target: { value: "2026-02-02" } });
    await user.type(within(form).getByLabelText("Length (minutes)"), "120");
    await user.click(within(form).getByRole("button", { name: "Add lesson" }));

    expect(await within(form).findByText("The lesson is in your logbook.")).toBeInTheDocument();
    expect(callsTo("POST", "/api/student/logbook/outside-lessons")[0]?.body).toEqual({
      school: "Bondi Driving School",
      date: "2026-02-02",
      minutes: 120,
      structured: true,
    });
    const outside = screen.getByRole("list", { name: "Lessons you declared from other schools" });
    expect(outside).toHaveTextContent("Bondi Driving School");
    expect(outside).toHaveTextContent("+6 h");
    expect(screen.getByRole("list", { name: "How your hours are credited" })).toHaveTextContent(
      LOGBOOK_RULES.SAFER_DRIVERS_COURSE,
    );
    expect(screen.getByText(/Completed on/)).toBeInTheDocument();
  });

  it("refuses negative or absurd minutes and a future date before sending", async () => {
    const { user, callsTo } = open();
    const form = await screen.findByRole("form", { name: "Add a lesson from another school" });
    await user.type(within(form).getByLabelText("Driving school"), "Bondi Driving School");
    fireEvent.change(within(form).getByLabelText("Date"), { target: { value: addDaysToDate(today(), 1) } });
    await user.type(within(form).getByLabelText("Length (minutes)"), "-60");
    await user.click(within(form).getByRole("button", { name: "Add lesson" }));
    expect(within(form).getByText("That date is in the future.")).toBeInTheDocument();
    expect(within(form).getByText("A lesson must last at least a minute")).toBeInTheDocument();

    await user.clear(within(form).getByLabelText("Length (minutes)"));
    await user.type(within(form).getByLabelText("Length (minutes)"), "600");
    await user.click(within(form).getByRole("button", { name: "Add lesson" }));
    expect(within(form).getByText("A lesson on one day can't be longer than 8 hours.")).toBeInTheDocument();
    expect(callsTo("POST", "/api/student/logbook/outside-lessons")).toHaveLength(0);
  });

  it("records the Safer Drivers Course once; the server's refusal of a second is shown", async () => {
    const { user, callsTo } = open({
      "PUT /api/student/logbook/safer-drivers-course": apiError(
        409,
        "conflict",
        "Your Safer Drivers Course is already in your logbook: it counts once. Remove it first to change its date.",
      ),
    });
    const form = await screen.findByRole("form", { name: "Safer Drivers Course" });
    expect(form).toHaveTextContent("Completing it adds 20 hours to your logbook, once.");
    fireEvent.change(within(form).getByLabelText("Completed on"), { target: { value: "2026-05-01" } });
    await user.click(within(form).getByRole("button", { name: "Record the course" }));
    expect(await within(form).findByText(/already in your logbook: it counts once/)).toBeInTheDocument();
    expect(callsTo("PUT", "/api/student/logbook/safer-drivers-course")[0]?.body).toEqual({
      completedOn: "2026-05-01",
    });
  });
});
