import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };

const earnings = {
  months: [
    { month: "2026-11", lessons: 3, gross: 240, platformFee: 60, net: 180 },
    { month: "2026-10", lessons: 1, gross: 85.5, platformFee: 21.38, net: 64.12 },
  ],
  totals: { lessons: 4, gross: 325.5, platformFee: 81.38, net: 244.12 },
};

describe("Instructor earnings", () => {
  it("lists each month with lessons, gross, the 25% fee and net, then the totals", async () => {
    mockFetch({
      "GET /api/instructor/earnings": jsonResponse(200, earnings),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    renderApp("/instructor/earnings", signedIn);

    const table = await screen.findByRole("table", { name: /Earnings by month/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Month", "Lessons", "Gross", "Platform fee (25%)", "Net earnings"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByRole("rowheader")).toHaveTextContent("November 2026");
    expect(rows[0]).toHaveTextContent("3$240.00−$60.00$180.00");
    expect(within(rows[1] as HTMLElement).getByRole("rowheader")).toHaveTextContent("October 2026");
    expect(rows[1]).toHaveTextContent("1$85.50−$21.38$64.12");
    expect(within(rows[2] as HTMLElement).getByRole("rowheader")).toHaveTextContent("Total");
    expect(rows[2]).toHaveTextContent("4$325.50−$81.38$244.12");
    expect(
      screen.getByText(/The Monthly Earnings tile on your dashboard equals this month's net/),
    ).toBeInTheDocument();
    // One count of lessons: the table counts what payouts count (taught, no-shows, late cancellations).
    expect(
      screen.getByText(
        /Lessons counts every lesson you are paid for: those you taught, no-shows, and late cancellations/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Total net earnings").parentElement).toHaveTextContent("$244.12");
  });

  it("says what to do when nothing is earned yet", async () => {
    mockFetch({
      "GET /api/instructor/earnings": jsonResponse(200, {
        months: [],
        totals: { lessons: 0, gross: 0, platformFee: 0, net: 0 },
      }),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    renderApp("/instructor/earnings", signedIn);
    expect(await screen.findByText("No earnings yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your lessons" })).toHaveAttribute(
      "href",
      "/instructor/lessons",
    );
  });

  it("creates the private calendar feed and shows its absolute URL, then turns it off", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/earnings": jsonResponse(200, earnings),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
      "POST /api/instructor/calendar-token": jsonResponse(200, { url: "/api/calendar/secret-token.ics" }),
      "DELETE /api/instructor/calendar-token": jsonResponse(200, { ok: true }),
    });
    const { user } = renderApp("/instructor/earnings", signedIn);
    await user.click(await screen.findByRole("button", { name: "Create calendar link" }));

    const field = await screen.findByLabelText("Your private calendar link");
    expect(field).toHaveValue(`${window.location.origin}/api/calendar/secret-token.ics`);
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/calendar-token")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Turn off feed" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Turn off your calendar feed?" });
    await user.click(within(dialog).getByRole("button", { name: "Turn off feed" }));
    expect(await screen.findByRole("button", { name: "Create calendar link" })).toBeInTheDocument();
    expect(screen.getByText("Calendar feed turned off. The old link no longer works.")).toBeInTheDocument();
  });

  it("says a feed is on without showing its link again, and offers a new one", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/earnings": jsonResponse(200, earnings),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: true }),
      "POST /api/instructor/calendar-token": jsonResponse(200, { url: "/api/calendar/new-token.ics" }),
    });
    const { user } = renderApp("/instructor/earnings", signedIn);
    expect(
      await screen.findByText(/Your calendar feed is on\. Kerb keeps only a fingerprint/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Your private calendar link")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Get a new link" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Replace your calendar link?" });
    await user.click(within(dialog).getByRole("button", { name: "Get a new link" }));
    const field = await screen.findByLabelText("Your private calendar link");
    expect(field).toHaveValue(`${window.location.origin}/api/calendar/new-token.ics`);
    expect(screen.getByText(/Copy it now: Kerb shows this link only once/)).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/calendar-token")).toHaveLength(1);
  });
});
