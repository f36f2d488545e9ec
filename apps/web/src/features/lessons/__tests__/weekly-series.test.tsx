import type { StudentProfile, StudentProfileBooking } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { findLessonRow, lesson, signedIn } from "@/test/student-lesson-fixtures";

const SERIES_ID = "5e000000-0000-4000-8000-000000000001";
const series = (position: number) => ({
  id: SERIES_ID,
  position,
  count: 2,
  label: `Weekly · ${position} of 2`,
});
// 23:00 UTC is 10:00 am the next day in Sydney (AEDT): Fridays 16 and 23 Jan 2099.
const week1 = lesson("b0000000-0000-4000-8000-000000000301", "2099-01-15T23:00:00.000Z", {
  series: series(1),
});
const week2 = lesson("b0000000-0000-4000-8000-000000000302", "2099-01-22T23:00:00.000Z", {
  series: series(2),
});
const single = lesson("b0000000-0000-4000-8000-000000000303", "2099-02-19T23:00:00.000Z", { series: null });

const SUMMARY = "2 lessons will be cancelled. You will get $187.00 back to your card, including $17.00 GST.";

function server(bookings: StudentProfileBooking[]) {
  let current = bookings;
  const profile = (): StudentProfile => studentProfile(Date.now(), { bookings: current });
  const refund = { amount: 93.5, gst: 8.5, method: "CARD" as const };
  return mockFetch({
    "GET /api/student/profile": () => jsonResponse(200, profile()),
    [`GET /api/student/weekly-series/${SERIES_ID}/cancellation`]: () =>
      jsonResponse(200, {
        seriesId: SERIES_ID,
        lessons: [week1, week2].map((l) => ({ id: l.id, startTime: l.startTime, tier: "full", refund })),
        refund: { amount: 187, gst: 17 },
        summary: SUMMARY,
      }),
    [`POST /api/student/weekly-series/${SERIES_ID}/cancel`]: () => {
      current = current.map((b) => (b.series ? { ...b, status: "CANCELLED", refund: 93.5 } : b));
      return jsonResponse(200, {
        seriesId: SERIES_ID,
        cancelled: [week1, week2].map((l) => ({ id: l.id, startTime: l.startTime, tier: "full", refund })),
        refund: { amount: 187, gst: 17 },
      });
    },
  });
}

describe("A weekly lesson in the learner's lessons", () => {
  it("labels each lesson with its place in the series, and a lesson on its own with none", async () => {
    server([week1, week2, single]);
    renderApp("/student/bookings", signedIn);
    const first = await findLessonRow("16/01/2099");
    expect(within(first).getByText("Weekly · 1 of 2")).toBeInTheDocument();
    const second = await findLessonRow("23/01/2099");
    expect(within(second).getByText("Weekly · 2 of 2")).toBeInTheDocument();
    const alone = await findLessonRow("20/02/2099");
    expect(within(alone).queryByText(/^Weekly/)).not.toBeInTheDocument();
    expect(
      within(alone).queryByRole("button", { name: /Cancel all future lessons/ }),
    ).not.toBeInTheDocument();
  });

  it("cancels all future lessons after showing what comes back, lesson by lesson and in total", async () => {
    const fetch = server([week1, week2, single]);
    const { user } = renderApp("/student/bookings", signedIn);
    const first = await findLessonRow("16/01/2099");
    await user.click(within(first).getByRole("button", { name: /Cancel all future lessons/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel all future lessons?" });
    expect(await within(dialog).findByText(SUMMARY)).toBeInTheDocument();
    expect(within(dialog).getAllByText("$93.50")).toHaveLength(2);
    expect(within(dialog).getByText("$187.00")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel all future lessons" }));
    await waitFor(() =>
      expect(fetch.callsTo("POST", `/api/student/weekly-series/${SERIES_ID}/cancel`)).toHaveLength(1),
    );
    const [call] = fetch.callsTo("POST", `/api/student/weekly-series/${SERIES_ID}/cancel`);
    expect(call?.headers.get("idempotency-key")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });
});
