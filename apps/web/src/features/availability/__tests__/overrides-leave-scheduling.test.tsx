import type { AvailabilityException, LeaveResponse } from "@kerb/shared";
import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { availability, change, lesson } from "@/test/instructor-fixtures";
import { renderApp } from "@/test/render";
import { overrideRows } from "../model/overrides";

const signedIn = { session: sessionFor(instructorUser) };

let nextId = 1;
function override(
  date: string,
  kind: "CLOSED" | "OPEN",
  window: [string, string] | null = null,
  note: string | null = null,
): AvailabilityException {
  return {
    id: `e0000000-0000-4000-8000-${String(nextId++).padStart(12, "0")}`,
    date,
    kind,
    start: window?.[0] ?? null,
    end: window?.[1] ?? null,
    note,
  };
}

const LEAVE_DATES = ["2099-04-06", "2099-04-07", "2099-04-08", "2099-04-09", "2099-04-10"];

async function overridesForm() {
  return (await screen.findByRole("form", { name: "Add a date override" })) as HTMLElement;
}

describe("overrideRows", () => {
  it("joins consecutive whole days off with the same note, and nothing else", () => {
    const leave = LEAVE_DATES.map((date) => override(date, "CLOSED", null, "Leave"));
    const timeOff = override("2099-04-08", "CLOSED", ["09:00", "11:00"]);
    const rows = overrideRows([
      timeOff,
      ...leave,
      override("2099-04-11", "CLOSED", null, "Car service"),
      override("2099-04-13", "CLOSED"),
      override("2099-04-14", "OPEN", ["18:00", "20:00"]),
    ]);
    expect(
      rows.map((row) =>
        row.type === "days-off"
          ? `${row.from}..${row.to} x${row.exceptions.length}`
          : `${row.exception.date} ${row.exception.start ?? "day"}`,
      ),
    ).toEqual([
      "2099-04-06..2099-04-10 x5",
      "2099-04-08 09:00",
      "2099-04-11 day",
      "2099-04-13 day",
      "2099-04-14 18:00",
    ]);
  });
});

describe("Date overrides: day off, time off and extra hours", () => {
  it("shows each override in those words, leave as one row, and deletes a run of days off at once", async () => {
    const dayOff = override("2099-03-02", "CLOSED", null, "Car service");
    const timeOff = override("2099-03-04", "CLOSED", ["09:00", "11:00"], "Dentist");
    const extra = override("2099-03-05", "OPEN", ["18:00", "20:00"]);
    const leave = LEAVE_DATES.map((date) => override(date, "CLOSED", null, "Leave"));
    let left = [dayOff, timeOff, extra, ...leave];
    const routes: Parameters<typeof mockFetch>[0] = {
      "GET /api/instructor/availability": jsonResponse(200, availability({ exceptions: left })),
    };
    for (const day of leave) {
      routes[`DELETE /api/instructor/availability/exceptions/${day.id}`] = () => {
        left = left.filter((e) => e.id !== day.id);
        return jsonResponse(200, change(availability({ exceptions: left })));
      };
    }
    const { callsTo } = mockFetch(routes);
    const { user } = renderApp("/instructor/availability", signedIn);
    const list = await screen.findByRole("list", { name: "Upcoming overrides" });

    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent("Mon 02/03/2099Day offCar service");
    expect(items[1]).toHaveTextContent("Wed 04/03/2099Time off · 9:00 am – 11:00 amDentist");
    expect(items[2]).toHaveTextContent("Thu 05/03/2099Extra hours · 6:00 pm – 8:00 pm");
    expect(items[3]).toHaveTextContent("Mon 06/04/2099 – Fri 10/04/20995 days offLeave");

    await user.click(
      within(list).getByRole("button", { name: "Delete days off Mon 06/04/2099 – Fri 10/04/2099" }),
    );
    expect(
      await screen.findByText("Days off removed from Mon 06/04/2099 to Fri 10/04/2099."),
    ).toBeInTheDocument();
    expect(
      LEAVE_DATES.map((_, i) => callsTo("DELETE", `/api/instructor/availability/exceptions/${leave[i]?.id}`)),
    ).toEqual(LEAVE_DATES.map(() => [expect.anything()]));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
  });

  it("sends time off with its hours, and a day off with none", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "POST /api/instructor/availability/exceptions": jsonResponse(201, change(availability())),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = await overridesForm();
    // A day off asks for no times.
    expect(within(form).queryByLabelText("Start time")).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText("Date"), "2099-03-04");
    await user.click(within(form).getByRole("radio", { name: /Time off/ }));
    await user.selectOptions(within(form).getByLabelText("Start time"), "09:00");
    await user.selectOptions(within(form).getByLabelText("End time"), "11:30");
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    expect(await screen.findByText("Override added for Wed 04/03/2099.")).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/availability/exceptions")[0]?.body).toEqual({
      date: "2099-03-04",
      kind: "CLOSED",
      start: "09:00",
      end: "11:30",
    });
  });

  it("refuses extra hours too short for a lesson on the hour before sending anything", async () => {
    const { callsTo } = mockFetch({ "GET /api/instructor/availability": jsonResponse(200, availability()) });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = await overridesForm();
    await user.type(within(form).getByLabelText("Date"), "2099-03-04");
    await user.click(within(form).getByRole("radio", { name: /Extra hours/ }));
    await user.selectOptions(within(form).getByLabelText("Start time"), "09:30");
    await user.selectOptions(within(form).getByLabelText("End time"), "10:30");
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    expect(
      await within(form).findByText(
        "These hours are too short for a 60-minute lesson (lessons start on the hour)",
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText("End time")).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/instructor/availability/exceptions")).toHaveLength(0);
  });

  it("shows the API's 400 message, and beside the field it names", async () => {
    const message = "These hours have already passed today (it is 03:56 in Sydney)";
    mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "POST /api/instructor/availability/exceptions": apiError(400, "validation_error", message, [
        { path: "end", message },
      ]),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = await overridesForm();
    await user.type(within(form).getByLabelText("Date"), sydneyTodayDate(new Date()));
    await user.click(within(form).getByRole("radio", { name: /Extra hours/ }));
    await user.selectOptions(within(form).getByLabelText("Start time"), "02:00");
    await user.selectOptions(within(form).getByLabelText("End time"), "03:00");
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(message);
    expect(within(form).getByLabelText("End time")).toHaveAttribute("aria-invalid", "true");
  });
});

describe("Take leave", () => {
  it("takes leave over a range and lists the booked lessons it clashes with", async () => {
    const clash = {
      ...lesson({ startTime: "2099-04-07T00:00:00.000Z", endTime: "2099-04-07T01:00:00.000Z" }),
      reasons: ["OUTSIDE_HOURS" as const],
    };
    const elsewhere = {
      ...lesson({ startTime: "2099-05-01T00:00:00.000Z", endTime: "2099-05-01T01:00:00.000Z" }),
      reasons: ["SUBURB_NOT_SERVED" as const],
    };
    const leaveDays = LEAVE_DATES.map((date) => override(date, "CLOSED", null, "Family trip"));
    const answer: LeaveResponse = {
      ...change(availability({ exceptions: leaveDays }), [clash, elsewhere]),
      leave: { added: LEAVE_DATES.filter((d) => d !== "2099-04-08"), skipped: ["2099-04-08"] },
    };
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "POST /api/instructor/availability/leave": jsonResponse(201, answer),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Take leave" })) as HTMLElement;
    await user.type(within(form).getByLabelText("First day"), "2099-04-06");
    await user.type(within(form).getByLabelText("Last day"), "2099-04-10");
    await user.type(within(form).getByLabelText("Note (optional)"), " Family trip ");
    await user.click(within(form).getByRole("button", { name: "Take leave" }));

    expect(
      await screen.findByText(
        "Leave added: 4 days off from Mon 06/04/2099 to Fri 10/04/2099. 1 day was already a day off.",
      ),
    ).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/availability/leave")[0]?.body).toEqual({
      startDate: "2099-04-06",
      endDate: "2099-04-10",
      note: "Family trip",
    });
    const clashes = screen.getByText("1 booked lesson falls in your leave").closest("[role=alert]");
    expect(clashes).toHaveTextContent("07/04/2099 10:00 am – 11:00 am with Sam Learner in Bondi");
    expect(clashes).toHaveTextContent("They have NOT been cancelled. We have emailed each student");
    expect(clashes).not.toHaveTextContent("01/05/2099");
    // The leave shows in the overrides list as one row.
    const list = screen.getByRole("list", { name: "Upcoming overrides" });
    expect(within(list).getByText("Mon 06/04/2099 – Fri 10/04/2099")).toBeInTheDocument();
    expect(within(form).getByLabelText("First day")).toHaveValue("");
  });

  it.each([
    [{ start: undefined, end: undefined }, "Choose the first day of your leave"],
    [{ start: 10, end: 9 }, "The last day of leave must not be before the first"],
    [{ start: 1, end: 91 }, "Leave can cover at most 90 days at a time"],
    [{ start: -1, end: 3 }, "Leave cannot start in the past"],
  ])("refuses leave %j before sending: %s", async (range, message) => {
    const { callsTo } = mockFetch({ "GET /api/instructor/availability": jsonResponse(200, availability()) });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Take leave" })) as HTMLElement;
    const today = sydneyTodayDate(new Date());
    if (range.start !== undefined && range.end !== undefined) {
      await user.type(within(form).getByLabelText("First day"), addDaysToDate(today, range.start));
      await user.type(within(form).getByLabelText("Last day"), addDaysToDate(today, range.end));
    }
    await user.click(within(form).getByRole("button", { name: "Take leave" }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/availability/leave")).toHaveLength(0);
  });

  it("shows the API's reason when leave is refused", async () => {
    mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "POST /api/instructor/availability/leave": apiError(
        400,
        "validation_error",
        "Leave cannot start in the past",
        [{ path: "startDate", message: "Leave cannot start in the past" }],
      ),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Take leave" })) as HTMLElement;
    const today = sydneyTodayDate(new Date());
    await user.type(within(form).getByLabelText("First day"), today);
    await user.type(within(form).getByLabelText("Last day"), today);
    await user.click(within(form).getByRole("button", { name: "Take leave" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Leave cannot start in the past");
    expect(within(form).getByLabelText("First day")).toHaveAttribute("aria-invalid", "true");
  });
});

describe("Scheduling", () => {
  it("shows the settings and saves buffer, notice, cap and public holidays together", async () => {
    const saved = availability({
      travelBufferMinutes: 30,
      minNoticeHours: 24,
      dailyLessonCap: 5,
      teachesPublicHolidays: true,
    });
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "PATCH /api/instructor/settings": jsonResponse(200, change(saved)),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Scheduling" })) as HTMLElement;
    const buffer = within(form).getByLabelText("Buffer between lessons (minutes)");
    const notice = within(form).getByLabelText("Minimum notice (hours)");
    const cap = within(form).getByLabelText("Daily lesson cap");
    const holidays = within(form).getByRole("checkbox", { name: "Teach on NSW public holidays" });
    expect(buffer).toHaveValue(0);
    expect(notice).toHaveValue(2);
    expect(cap).toHaveValue(null);
    expect(holidays).not.toBeChecked();

    await user.clear(buffer);
    await user.type(buffer, "30");
    await user.clear(notice);
    await user.type(notice, "24");
    await user.type(cap, "5");
    await user.click(holidays);
    await user.click(within(form).getByRole("button", { name: "Save scheduling" }));

    expect(
      await within(form).findByText(
        "Scheduling saved: 30 minutes between lessons, 24 hours' notice, at most 5 a day, teaching on public holidays, 60-minute lessons only.",
      ),
    ).toBeInTheDocument();
    expect(callsTo("PATCH", "/api/instructor/settings")[0]?.body).toEqual({
      travelBufferMinutes: 30,
      minNoticeHours: 24,
      dailyLessonCap: 5,
      teachesPublicHolidays: true,
      lessonLengths: [60],
    });
  });

  it("refuses values out of range with their messages, and sends an empty cap as no cap", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability({ dailyLessonCap: 6 })),
      "PATCH /api/instructor/settings": jsonResponse(200, change(availability())),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Scheduling" })) as HTMLElement;
    const buffer = within(form).getByLabelText("Buffer between lessons (minutes)");
    const notice = within(form).getByLabelText("Minimum notice (hours)");
    const cap = within(form).getByLabelText("Daily lesson cap");
    expect(cap).toHaveValue(6);

    await user.clear(buffer);
    await user.type(buffer, "61");
    await user.clear(notice);
    await user.type(notice, "1");
    await user.clear(cap);
    await user.type(cap, "13");
    await user.click(within(form).getByRole("button", { name: "Save scheduling" }));
    expect(await within(form).findByText("Travel buffer can be at most 60 minutes")).toBeInTheDocument();
    expect(within(form).getByText("Minimum notice must be at least 2 hours")).toBeInTheDocument();
    expect(within(form).getByText("Daily lesson cap can be at most 12 lessons")).toBeInTheDocument();
    expect(buffer).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("PATCH", "/api/instructor/settings")).toHaveLength(0);

    await user.clear(buffer);
    await user.type(buffer, "15");
    await user.clear(notice);
    await user.type(notice, "48");
    await user.clear(cap);
    await user.click(within(form).getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(callsTo("PATCH", "/api/instructor/settings")).toHaveLength(1));
    expect(callsTo("PATCH", "/api/instructor/settings")[0]?.body).toEqual({
      travelBufferMinutes: 15,
      minNoticeHours: 48,
      dailyLessonCap: null,
      teachesPublicHolidays: false,
      lessonLengths: [60],
    });
  });

  it("offers 60-minute lessons always and saves the ticked lesson lengths with the other settings", async () => {
    const saved = availability({ lessonLengths: [60, 120] });
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability({ lessonLengths: [60, 90] })),
      "PATCH /api/instructor/settings": jsonResponse(200, change(saved)),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Scheduling" })) as HTMLElement;
    const lengths = within(form).getByRole("group", { name: "Lesson lengths offered" });
    const hour = within(lengths).getByRole("checkbox", { name: "60 minutes (always offered)" });
    const ninety = within(lengths).getByRole("checkbox", { name: "90 minutes" });
    const twoHours = within(lengths).getByRole("checkbox", { name: "2 hours" });
    expect(hour).toBeChecked();
    expect(hour).toBeDisabled();
    expect(ninety).toBeChecked();
    expect(twoHours).not.toBeChecked();

    await user.click(ninety);
    await user.click(twoHours);
    await user.click(within(form).getByRole("button", { name: "Save scheduling" }));

    expect(await within(form).findByText(/lessons of 60 minutes or 2 hours\.$/)).toBeInTheDocument();
    expect(callsTo("PATCH", "/api/instructor/settings")[0]?.body).toEqual({
      travelBufferMinutes: 0,
      minNoticeHours: 2,
      dailyLessonCap: null,
      teachesPublicHolidays: false,
      lessonLengths: [60, 120],
    });
    expect(within(lengths).getByRole("checkbox", { name: "2 hours" })).toBeChecked();
    expect(within(lengths).getByRole("checkbox", { name: "90 minutes" })).not.toBeChecked();
  });
});
