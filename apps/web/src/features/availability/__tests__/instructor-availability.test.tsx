import { sydneyTodayDate } from "@kerb/shared/rules";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { availability, change, lessonAt } from "@/test/instructor-fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };

function weeklyForm() {
  return screen.getByRole("form", { name: "Weekly hours" });
}

describe("Weekly hours editor", () => {
  it("adds and removes ranges and saves the whole week, Sunday-based weekdays", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "PUT /api/instructor/availability/weekly": ({ body }) => {
        const weekly = (body as { weekly: { weekday: number; ranges: { start: string; end: string }[] }[] })
          .weekly;
        return jsonResponse(200, change(availability({ weekly })));
      },
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    await screen.findByRole("heading", { name: "Weekly hours" });

    // Monday gets a second range after its 9–5; Saturday (a day off) gets 9–5.
    await user.click(screen.getByRole("button", { name: "Add hours on Monday" }));
    expect(screen.getByLabelText("Monday range 2 start")).toHaveValue("17:00");
    expect(screen.getByLabelText("Monday range 2 end")).toHaveValue("19:00");
    await user.click(screen.getByRole("button", { name: "Add hours on Saturday" }));
    expect(screen.getByLabelText("Saturday range 1 start")).toHaveValue("09:00");
    await user.selectOptions(screen.getByLabelText("Saturday range 1 end"), "12:30");
    // Friday becomes a day off.
    await user.click(screen.getByRole("button", { name: "Remove Friday range 1" }));
    expect(screen.queryByLabelText("Friday range 1 start")).not.toBeInTheDocument();
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();

    await user.click(within(weeklyForm()).getByRole("button", { name: "Save weekly hours" }));
    expect(await screen.findByText("Weekly hours saved.")).toBeInTheDocument();
    const sent = callsTo("PUT", "/api/instructor/availability/weekly")[0]?.body as {
      weekly: { weekday: number; ranges: unknown[] }[];
    };
    expect(sent.weekly.find((d) => d.weekday === 1)?.ranges).toEqual([
      { start: "09:00", end: "17:00" },
      { start: "17:00", end: "19:00" },
    ]);
    expect(sent.weekly.find((d) => d.weekday === 5)?.ranges).toEqual([]);
    expect(sent.weekly.find((d) => d.weekday === 6)?.ranges).toEqual([{ start: "09:00", end: "12:30" }]);
    expect(sent.weekly.find((d) => d.weekday === 0)?.ranges).toEqual([]);
    expect(screen.queryByText("Unsaved changes")).not.toBeInTheDocument();
  });

  it("flags an end before its start and overlapping ranges, and sends nothing", async () => {
    const { callsTo } = mockFetch({ "GET /api/instructor/availability": jsonResponse(200, availability()) });
    const { user } = renderApp("/instructor/availability", signedIn);
    await screen.findByRole("heading", { name: "Weekly hours" });

    await user.selectOptions(screen.getByLabelText("Tuesday range 1 end"), "08:00");
    expect(screen.getByText("End time must be after start time")).toBeInTheDocument();
    expect(screen.getByLabelText("Tuesday range 1 end")).toHaveAttribute("aria-invalid", "true");

    await user.click(screen.getByRole("button", { name: "Add hours on Wednesday" }));
    await user.selectOptions(screen.getByLabelText("Wednesday range 2 start"), "12:00");
    await user.selectOptions(screen.getByLabelText("Wednesday range 2 end"), "14:00");
    expect(screen.getByText("9:00 am – 5:00 pm overlaps 12:00 pm – 2:00 pm")).toBeInTheDocument();

    await user.click(within(weeklyForm()).getByRole("button", { name: "Save weekly hours" }));
    expect(await screen.findByText("Some hours need fixing")).toBeInTheDocument();
    expect(callsTo("PUT", "/api/instructor/availability/weekly")).toHaveLength(0);

    // Fixing the times takes the summary away again.
    await user.selectOptions(screen.getByLabelText("Tuesday range 1 end"), "17:00");
    await user.click(screen.getByRole("button", { name: "Remove Wednesday range 2" }));
    expect(screen.queryByText("Some hours need fixing")).not.toBeInTheDocument();
    expect(screen.queryByText("End time must be after start time")).not.toBeInTheDocument();
  });

  it("after saving, warns about booked lessons outside the new hours without cancelling them", async () => {
    const affected = { ...lessonAt(50, { suburb: "Manly" }), reasons: ["OUTSIDE_HOURS" as const] };
    mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "PUT /api/instructor/availability/weekly": jsonResponse(200, change(availability(), [affected])),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    await screen.findByRole("heading", { name: "Weekly hours" });
    await user.click(screen.getByRole("button", { name: "Remove Monday range 1" }));
    await user.click(within(weeklyForm()).getByRole("button", { name: "Save weekly hours" }));

    expect(await screen.findByText("Weekly hours saved.")).toBeInTheDocument();
    const warning = screen.getByRole("alert");
    expect(warning).toHaveTextContent("1 booked lesson is outside your hours or settings");
    expect(warning).toHaveTextContent("These lessons have NOT been cancelled");
    expect(warning).toHaveTextContent("with Sam Learner in Manly (outside your hours)");
    expect(within(warning).getByRole("link", { name: "Go to your lessons" })).toHaveAttribute(
      "href",
      "/instructor/lessons",
    );
  });
});

describe("Conflicts with booked lessons", () => {
  it("keeps a day-off conflict visible, across other saves and reloads, until it is resolved", async () => {
    const clash = { ...lessonAt(72, { suburb: "Bondi" }), reasons: ["OUTSIDE_HOURS" as const] };
    const dayOff = {
      id: "d0000000-0000-4000-8000-000000000009",
      date: "2099-03-03",
      kind: "CLOSED" as const,
      start: null,
      end: null,
      note: null,
    };
    const withClash = availability({ exceptions: [dayOff], conflicts: [clash] });
    mockFetch({
      // Loaded fresh (a reload, or coming back later): the server still reports the clash.
      "GET /api/instructor/availability": { body: withClash },
      // Saving something else keeps the day off, so the clash is still there.
      "PATCH /api/instructor/settings": { body: change({ ...withClash, standardRate: 90 }, [clash]) },
      // Removing the day off resolves it.
      [`DELETE /api/instructor/availability/exceptions/${dayOff.id}`]: { body: change(availability()) },
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const title = "1 booked lesson is outside your hours or settings";
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(title).closest("[role=alert]")).toHaveTextContent("with Sam Learner in Bondi");

    const rate = screen.getByLabelText("Standard rate (AUD per hour)");
    await user.clear(rate);
    await user.type(rate, "90");
    await user.click(screen.getByRole("button", { name: "Save rate" }));
    expect(await screen.findByText(/saved/i)).toBeInTheDocument();
    // Still there after an unrelated save: it is not the rate card's message to clear.
    expect(screen.getByText(title)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete override for Tue 03/03/2099" }));
    expect(await screen.findByText("Override removed for Tue 03/03/2099.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(title)).not.toBeInTheDocument());
  });
});

describe("Standard rate", () => {
  it.each([
    ["29", "Rate must be at least $30/hour"],
    ["201", "Rate cannot exceed $200/hour"],
    ["", "Standard rate is required"],
  ])("rejects %s with the spec's message", async (value, message) => {
    const { callsTo } = mockFetch({ "GET /api/instructor/availability": jsonResponse(200, availability()) });
    const { user } = renderApp("/instructor/availability", signedIn);
    const input = await screen.findByLabelText("Standard rate (AUD per hour)");
    // The rate is ex GST: students are shown it with GST added (ACL s 48), so the card says so.
    expect(
      screen.getByText("Your price per hour outside pool hours, before GST: students see it with GST added."),
    ).toBeInTheDocument();
    await user.clear(input);
    if (value) await user.type(input, value);
    await user.click(screen.getByRole("button", { name: "Save rate" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("PATCH", "/api/instructor/settings")).toHaveLength(0);
  });

  it.each([30, 200])("saves the boundary rate %i and shows the new pool rate", async (rate) => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "PATCH /api/instructor/settings": jsonResponse(
        200,
        change(availability({ standardRate: rate, poolRate: rate * 0.65 })),
      ),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const input = await screen.findByLabelText("Standard rate (AUD per hour)");
    await user.clear(input);
    await user.type(input, String(rate));
    await user.click(screen.getByRole("button", { name: "Save rate" }));
    expect(await screen.findByText(`Standard rate saved: $${rate}.00 per hour.`)).toBeInTheDocument();
    expect(callsTo("PATCH", "/api/instructor/settings")[0]?.body).toEqual({ standardRate: rate });
  });
});

describe("Settings", () => {
  it("turns pool hours off with the switch and explains the pool window and pay", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "PATCH /api/instructor/settings": jsonResponse(200, change(availability({ poolOptIn: false }))),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const toggle = await screen.findByRole("switch", { name: "Offer pool hours" });
    const card = screen.getByRole("heading", { name: "Pool hours" }).closest(".rounded-2xl") as HTMLElement;
    expect(card).toHaveTextContent("weekdays, 10:00 am – 3:00 pm");
    expect(card).toHaveTextContent("35% less");
    expect(card).toHaveTextContent("you earn 75% of that pool price: $41.44 an hour");
    expect(toggle).toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText("Pool hours are off.")).toBeInTheDocument();
    expect(callsTo("PATCH", "/api/instructor/settings")[0]?.body).toEqual({ poolOptIn: false });
    expect(screen.getByRole("switch", { name: "Offer pool hours" })).not.toBeChecked();
  });

  it("tells a new instructor, out of pool hours, that they are not in them and how to join", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability({ poolOptIn: false })),
      "PATCH /api/instructor/settings": jsonResponse(200, change(availability({ poolOptIn: true }))),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const toggle = await screen.findByRole("switch", { name: "Offer pool hours" });
    expect(toggle).not.toBeChecked();
    expect(screen.getByTestId("pool-hours-off")).toHaveTextContent(
      "You are not in pool hours, so no pool lessons are assigned to you. To join, turn on “Offer pool hours” below.",
    );

    await user.click(toggle);
    expect(await screen.findByText("Pool hours are on.")).toBeInTheDocument();
    expect(callsTo("PATCH", "/api/instructor/settings")[0]?.body).toEqual({ poolOptIn: true });
    expect(screen.queryByTestId("pool-hours-off")).not.toBeInTheDocument();
  });

  it("needs at least one service suburb and saves the chosen ones", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "PATCH /api/instructor/settings": jsonResponse(200, change(availability({ suburbs: ["Penrith"] }))),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const areas = (await screen.findByRole("form", { name: "Service areas" })) as HTMLElement;
    expect(within(areas).getAllByRole("checkbox")).toHaveLength(12);
    await user.click(within(areas).getByRole("checkbox", { name: "Bondi" }));
    await user.click(within(areas).getByRole("checkbox", { name: "Manly" }));
    await user.click(within(areas).getByRole("button", { name: "Save service areas" }));
    expect(within(areas).getByText("At least one suburb is required")).toBeInTheDocument();
    expect(callsTo("PATCH", "/api/instructor/settings")).toHaveLength(0);

    await user.click(within(areas).getByRole("checkbox", { name: "Penrith" }));
    await user.click(within(areas).getByRole("button", { name: "Save service areas" }));
    expect(await within(areas).findByText("Service areas saved.")).toBeInTheDocument();
    expect(callsTo("PATCH", "/api/instructor/settings")[0]?.body).toEqual({ suburbs: ["Penrith"] });
  });
});

describe("Date overrides", () => {
  it("refuses a past date, adds a day off and deletes an override", async () => {
    const today = sydneyTodayDate(new Date());
    const existing = {
      id: "d0000000-0000-4000-8000-000000000001",
      date: "2099-03-02",
      kind: "OPEN" as const,
      start: "10:00",
      end: "14:00",
      note: "Morning only",
    };
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability({ exceptions: [existing] })),
      "POST /api/instructor/availability/exceptions": ({ body }) =>
        jsonResponse(
          201,
          change(
            availability({
              exceptions: [
                existing,
                {
                  id: "d0000000-0000-4000-8000-000000000002",
                  date: (body as { date: string }).date,
                  kind: "CLOSED",
                  start: null,
                  end: null,
                  note: null,
                },
              ],
            }),
          ),
        ),
      "DELETE /api/instructor/availability/exceptions/d0000000-0000-4000-8000-000000000001": jsonResponse(
        200,
        change(availability()),
      ),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Add a date override" })) as HTMLElement;
    expect(screen.getByText("Mon 02/03/2099")).toBeInTheDocument();
    expect(screen.getByText("Extra hours · 10:00 am – 2:00 pm")).toBeInTheDocument();

    const dateInput = within(form).getByLabelText("Date");
    expect(dateInput).toHaveAttribute("min", today);
    await user.type(dateInput, "2000-01-01");
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    expect(within(form).getByText("The date cannot be in the past")).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/availability/exceptions")).toHaveLength(0);

    await user.clear(dateInput);
    await user.type(dateInput, "2099-03-03");
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    expect(await screen.findByText("Override added for Tue 03/03/2099.")).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/availability/exceptions")[0]?.body).toEqual({
      date: "2099-03-03",
      kind: "CLOSED",
    });
    const list = screen.getByRole("list", { name: "Upcoming overrides" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("Day off")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete override for Mon 02/03/2099" }));
    expect(await screen.findByText("Override removed for Mon 02/03/2099.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Morning only")).not.toBeInTheDocument());
  });

  it("asks for a date, and for extra hours an end after the start, before sending anything", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "POST /api/instructor/availability/exceptions": jsonResponse(201, change(availability())),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Add a date override" })) as HTMLElement;
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    // react-hook-form validates asynchronously: the message comes a moment after the click.
    expect(await within(form).findByText("Choose a date")).toBeInTheDocument();

    await user.type(within(form).getByLabelText("Date"), "2099-03-03");
    await user.click(within(form).getByRole("radio", { name: /Extra hours/ }));
    await user.selectOptions(within(form).getByLabelText("Start time"), "14:00");
    await user.selectOptions(within(form).getByLabelText("End time"), "12:00");
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    expect(await within(form).findByText("End time must be after start time")).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/availability/exceptions")).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText("End time"), "16:30");
    await user.type(within(form).getByLabelText("Note (optional)"), "  Afternoon only ");
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    expect(await screen.findByText("Override added for Tue 03/03/2099.")).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/availability/exceptions")[0]?.body).toEqual({
      date: "2099-03-03",
      kind: "OPEN",
      start: "14:00",
      end: "16:30",
      note: "Afternoon only",
    });
    // Ready for the next date: the kind and times stay, the date and note are cleared.
    expect(within(form).getByLabelText("Date")).toHaveValue("");
    expect(within(form).getByLabelText("Note (optional)")).toHaveValue("");
    expect(within(form).getByLabelText("Start time")).toHaveValue("14:00");
  });

  it("shows the server's reason when an override is refused", async () => {
    mockFetch({
      "GET /api/instructor/availability": jsonResponse(200, availability()),
      "POST /api/instructor/availability/exceptions": apiError(
        409,
        "conflict",
        "03/03/2099 is already a day off; remove that first to change it",
      ),
    });
    const { user } = renderApp("/instructor/availability", signedIn);
    const form = (await screen.findByRole("form", { name: "Add a date override" })) as HTMLElement;
    await user.type(within(form).getByLabelText("Date"), "2099-03-03");
    await user.click(within(form).getByRole("button", { name: "Add override" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "03/03/2099 is already a day off; remove that first to change it",
    );
  });
});
