import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminBooking, pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

describe("Admin console: bookings", () => {
  it("cancels a future booking after confirmation and filters by status and dates", async () => {
    const booking = adminBooking();
    const { callsTo } = mockFetch({
      "GET /api/admin/bookings": jsonResponse(200, pageOf([booking, adminBooking({ status: "COMPLETED" })])),
      "GET /api/admin/instructors": jsonResponse(200, pageOf([])),
      // The last lesson of its payment: the server's preview is the payment's remainder, a cent under
      // what the lesson's own price and GST would say ($93.50).
      [`GET /api/admin/bookings/${booking.id}/cancellation`]: {
        body: {
          tier: "full",
          refund: { amount: 93.49, gst: 8.49, method: "CARD" },
          creditReturned: false,
          summary: "The student is refunded in full: $93.49 including $8.49 GST goes back to their card.",
        },
      },
      [`POST /api/admin/bookings/${booking.id}/cancel`]: jsonResponse(200, {
        booking: { ...booking, status: "CANCELLED" },
        refund: 93.49,
        bundleCreditReturned: false,
      }),
    });
    const { user } = renderApp("/admin/bookings", signedIn);
    const table = await screen.findByRole("table", { name: "Bookings" });
    expect(within(table).getAllByRole("button", { name: /^Cancel booking for/ })).toHaveLength(1);
    expect(table).toHaveTextContent("16/01/2099");
    expect(table).toHaveTextContent("10:00 am – 11:00 am");

    await user.click(
      within(table).getByRole("button", { name: "Cancel booking for Sam Learner on 16/01/2099" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Cancel this booking?" });
    expect(
      await within(dialog).findByText(
        "The student is refunded in full: $93.49 including $8.49 GST goes back to their card. This can't be undone.",
      ),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent("$93.50");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Instructor unwell");
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect(
      await screen.findByText("Booking cancelled. Sam Learner has been refunded $93.49."),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/bookings/${booking.id}/cancel`)[0]?.body).toEqual({
      reason: "Instructor unwell",
    });

    await user.selectOptions(screen.getByLabelText("Status"), "SCHEDULED");
    await user.type(screen.getByLabelText("From date"), "2099-01-01");
    await user.type(screen.getByLabelText("To date"), "2099-01-31");
    await waitFor(() =>
      expect(
        callsTo(
          "GET",
          "/api/admin/bookings?status=SCHEDULED&from=2099-01-01&to=2099-01-31&page=1&pageSize=20",
        ),
      ).toHaveLength(1),
    );
  });

  it("marks a driving-test package with its centre and test time; a lesson has no such mark", async () => {
    const pack = adminBooking({ startTime: "2099-01-15T19:30:00.000Z", endTime: "2099-01-16T00:30:00.000Z" });
    mockFetch({
      "GET /api/admin/bookings": jsonResponse(
        200,
        pageOf([
          {
            ...pack,
            testPack: {
              bookingId: pack.id,
              centre: {
                id: "st-marys",
                name: "St Marys Driver Testing Centre",
                address: "St Marys NSW 2760",
                suburb: "St Marys",
              },
              testAt: "2099-01-15T23:00:00.000Z",
              includesWarmUp: true,
              status: "SCHEDULED",
              outcome: null,
              note: null,
              outcomeRecordedAt: null,
            },
          },
          adminBooking({ testPack: null }),
        ]),
      ),
      "GET /api/admin/instructors": jsonResponse(200, pageOf([])),
    });
    renderApp("/admin/bookings", signedIn);
    const table = await screen.findByRole("table", { name: "Bookings" });
    const [packRow, lessonRow] = within(table).getAllByRole("row").slice(1);
    expect(packRow).toHaveTextContent("Test package · St Marys Driver Testing Centre · test 10:00 am");
    expect(lessonRow).not.toHaveTextContent("Test package");
  });

  it("says who cancelled each cancelled lesson: the student, the instructor or an admin", async () => {
    const cancelled = (by: "STUDENT" | "INSTRUCTOR" | "ADMIN", firstName: string) =>
      adminBooking({
        status: "CANCELLED",
        cancelledBy: by,
        cancelledAt: "2099-01-10T01:00:00.000Z",
        refund: 44,
        student: { ...adminBooking().student, firstName },
      });
    mockFetch({
      "GET /api/admin/bookings": jsonResponse(
        200,
        pageOf([cancelled("STUDENT", "Stu"), cancelled("INSTRUCTOR", "Ina"), cancelled("ADMIN", "Ada")]),
      ),
      "GET /api/admin/instructors": jsonResponse(200, pageOf([])),
    });
    renderApp("/admin/bookings", signedIn);
    const table = await screen.findByRole("table", { name: "Bookings" });
    const row = (name: string) => within(table).getByRole("row", { name: new RegExp(name) });
    await waitFor(() => expect(row("Stu Learner")).toHaveTextContent("by the student on 10/01/2099"));
    expect(row("Ina Learner")).toHaveTextContent("by the instructor on 10/01/2099");
    expect(row("Ada Learner")).toHaveTextContent("by an admin on 10/01/2099");
    expect(row("Ada Learner")).toHaveTextContent("$44.00 refunded");
  });

  it("settles an open no-show dispute after confirmation: refund with a note", async () => {
    const noShow = adminBooking({
      status: "NO_SHOW",
      startTime: "2099-01-15T23:00:00.000Z",
      noShowDispute: { closesAt: "2099-01-23T00:00:00.000Z", resolution: null },
    });
    const settled = adminBooking({
      status: "NO_SHOW",
      refund: 93.5,
      student: { ...adminBooking().student, firstName: "Kept" },
      noShowDispute: { closesAt: "2099-01-23T00:00:00.000Z", resolution: "KEEP" },
    });
    const { callsTo } = mockFetch({
      "GET /api/admin/bookings": jsonResponse(200, pageOf([noShow, settled])),
      "GET /api/admin/instructors": jsonResponse(200, pageOf([])),
      [`POST /api/admin/bookings/${noShow.id}/no-show-dispute`]: jsonResponse(200, {
        booking: {
          ...noShow,
          refund: 93.5,
          noShowDispute: { ...noShow.noShowDispute, resolution: "REFUND" },
        },
        refund: 93.5,
        bundleCreditReturned: false,
      }),
    });
    const { user } = renderApp("/admin/bookings", signedIn);
    const table = await screen.findByRole("table", { name: "Bookings" });
    // Only the open dispute can be settled; the settled one says how it ended.
    const buttons = within(table).getAllByRole("button", { name: /^Settle no-show dispute for/ });
    expect(buttons).toHaveLength(1);
    expect(within(table).getByRole("row", { name: /Kept Learner/ })).toHaveTextContent(
      "Dispute settled: kept",
    );
    expect(within(table).getByRole("row", { name: /Sam Learner/ })).toHaveTextContent(
      "Disputable until 23/01/2099",
    );

    await user.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Settle this no-show dispute?" });
    const confirm = () =>
      within(dialog).getByRole("button", { name: /^(Keep the no-show|Refund the student)$/ });
    // A decision and a note first.
    expect(confirm()).toBeDisabled();
    await user.click(within(dialog).getByRole("radio", { name: /Refund the student/ }));
    expect(confirm()).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Note (required)"), "Dashcam shows the student waiting");
    expect(confirm()).toHaveAccessibleName("Refund the student");
    await user.click(confirm());
    expect(
      await screen.findByText("No-show refunded. Sam Learner gets $93.50 back on their card."),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/bookings/${noShow.id}/no-show-dispute`)[0]?.body).toEqual({
      resolution: "REFUND",
      note: "Dashcam shows the student waiting",
    });
  });
});
