import type { StudentProfileBooking } from "@kerb/shared";
import { testCentreShown } from "@kerb/shared/rules";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { findLessonRow, lesson, preview, signedIn } from "@/test/student-lesson-fixtures";

const PACK_ID = "b0000000-0000-4000-8000-000000000301";

/**
 * A pack for a 1:30 pm test at St Marys on Friday 16 Jan 2099 (AEDT, +11:00): picked up in Penrith at
 * 12:00 pm, dropped off at 2:45 pm.
 */
function pack(overrides: Partial<StudentProfileBooking> = {}): StudentProfileBooking {
  return lesson(PACK_ID, "2099-01-16T01:00:00.000Z", {
    endTime: "2099-01-16T03:45:00.000Z",
    price: 300,
    suburb: "Penrith",
    testPack: {
      bookingId: PACK_ID,
      centre: testCentreShown("st-marys"),
      testAt: "2099-01-16T02:30:00.000Z",
      includesWarmUp: true,
      status: "SCHEDULED",
      outcome: null,
      note: null,
      outcomeRecordedAt: null,
    },
    ...overrides,
  });
}

const profile = (bookings: StudentProfileBooking[]) => studentProfile(Date.now(), { bookings });

describe("A driving-test package on My bookings", () => {
  it("offers a move to the new test time instead of a reschedule, and sends the test the learner enters", async () => {
    const server = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, profile([pack()])),
      [`POST /api/student/test-packs/${PACK_ID}/move`]: (request) => {
        const moved = pack({
          startTime: "2099-01-19T22:00:00.000Z",
          endTime: "2099-01-20T00:45:00.000Z",
        });
        const testPack = {
          ...(moved.testPack as NonNullable<StudentProfileBooking["testPack"]>),
          testAt: (request.body as { testAt: string }).testAt,
          centre: testCentreShown("blacktown"),
        };
        return jsonResponse(200, {
          booking: { ...moved, testPack },
          testPack,
          plan: {
            pickupAt: "2099-01-19T22:00:00.000Z",
            warmUp: { start: "2099-01-19T22:00:00.000Z", end: "2099-01-19T23:00:00.000Z" },
            arriveBy: "2099-01-19T23:15:00.000Z",
            test: { start: "2099-01-19T23:30:00.000Z", end: "2099-01-20T00:30:00.000Z" },
            dropOffAt: "2099-01-20T00:45:00.000Z",
            toCentreMinutes: 15,
            fromCentreMinutes: 15,
          },
        });
      },
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const row = await findLessonRow("16/01/2099");
    expect(within(row).queryByRole("link", { name: /^Reschedule/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: /to my new test time$/ }));

    const dialog = await screen.findByRole("dialog", { name: "Move to my new test time" });
    expect(dialog).toHaveTextContent(
      "Your package is planned for a test at 1:30 pm on 16/01/2099 at St Marys Driver Testing Centre",
    );
    const date = within(dialog).getByLabelText("New test date");
    const time = within(dialog).getByLabelText("Test time (Sydney)");
    expect(date).toHaveValue("2099-01-16");
    expect(time).toHaveValue("13:30");
    await user.clear(date);
    await user.type(date, "2099-01-20");
    await user.clear(time);
    await user.type(time, "10:30");
    await user.selectOptions(within(dialog).getByLabelText("Test centre"), "blacktown");
    await user.click(within(dialog).getByRole("button", { name: "Move my package" }));

    await waitFor(() =>
      expect(server.callsTo("POST", `/api/student/test-packs/${PACK_ID}/move`)).toHaveLength(1),
    );
    // 10:30 am on 20 Jan 2099 in Sydney (AEDT) is 23:30 UTC the day before.
    expect(server.callsTo("POST", `/api/student/test-packs/${PACK_ID}/move`)[0]?.body).toEqual({
      testAt: "2099-01-19T23:30:00.000Z",
      centreId: "blacktown",
    });
    expect(
      await screen.findByText(/^Test package moved: your test is at 10:30 am on 20\/01\/2099/),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    const refusal =
      "Ivy Teacher already has a lesson between the pick-up and the drop-off (12:00 pm – 2:45 pm on Tuesday 20 January 2099). Your package keeps its present time.";
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, profile([pack()])),
      [`POST /api/student/test-packs/${PACK_ID}/move`]: () =>
        apiError(409, "slot_unavailable", refusal, { reason: "overlap" }),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const row = await findLessonRow("16/01/2099");
    await user.click(within(row).getByRole("button", { name: /to my new test time$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Move to my new test time" });
    await user.click(within(dialog).getByRole("button", { name: "Move my package" }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it("previews a credit-paid package's cancellation with the pack's own tier sentence", async () => {
    const creditPack = pack({ paymentId: null });
    const summary =
      "The pick-up is less than 7 days away, so your test-pack credit stays used (a credit cannot be split). If your test moved, move the package to the new test time instead: that costs nothing.";
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, profile([creditPack])),
      [`GET /api/student/bookings/${PACK_ID}/cancellation`]: () =>
        jsonResponse(200, preview(creditPack, "half", { amount: 0, gst: 0, method: "NONE" }, summary)),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const row = await findLessonRow("16/01/2099");
    await user.click(within(row).getByRole("button", { name: /^Cancel/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this test package?" });
    expect(await within(dialog).findByText(summary)).toBeInTheDocument();
    expect(dialog).toHaveTextContent("Test-pack creditStays used");
  });
});
