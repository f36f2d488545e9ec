import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { findLessonRow, lesson } from "@/test/student-lesson-fixtures";

const signedIn = { session: sessionFor(studentUser) };

describe("Student bookings page", () => {
  it("shows every booking with status, instructor, Sydney date and time, and AUD price", async () => {
    const profile = studentProfile(Date.now(), {
      bookings: [
        {
          id: "b0000000-0000-4000-8000-00000000000a",
          // 23:00 UTC on 15 Jan is 10:00 am on 16 Jan in Sydney (AEDT, +11:00).
          startTime: "2099-01-15T23:00:00.000Z",
          endTime: "2099-01-16T00:00:00.000Z",
          status: "SCHEDULED",
          pickupLocation: "Bondi Junction station",
          price: 1234.5,
          isPoolHours: false,
          instructor: { id: "7d2a4c2f-1b5f-4c1b-8c4f-2a3b4c5d6e7f", firstName: "Ivy", lastName: "Teacher" },
          paymentId: "00000000-0000-4000-8000-0000000000aa",
          bundleId: null,
          holdExpiresAt: null,
          refund: null,
        },
        {
          id: "b0000000-0000-4000-8000-00000000000b",
          startTime: "2025-07-01T00:00:00.000Z",
          endTime: "2025-07-01T01:00:00.000Z",
          status: "COMPLETED",
          pickupLocation: null,
          price: 85,
          isPoolHours: false,
          instructor: { id: "7d2a4c2f-1b5f-4c1b-8c4f-2a3b4c5d6e7f", firstName: "Ivy", lastName: "Teacher" },
          paymentId: "00000000-0000-4000-8000-0000000000aa",
          bundleId: null,
          holdExpiresAt: null,
          refund: null,
        },
      ],
    });
    mockFetch({ "GET /api/student/profile": jsonResponse(200, profile) });
    renderApp("/student/bookings", signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "My bookings" })).toBeInTheDocument();
    await screen.findByText("$1,357.95");
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("16/01/2099");
    expect(items[0]).toHaveTextContent("10:00 am – 11:00 am");
    expect(items[0]).toHaveTextContent("Ivy Teacher");
    expect(items[0]).toHaveTextContent("$1,357.95 incl. GST · $1,234.50 + GST");
    expect(items[0]).toHaveTextContent("Scheduled");
    // 00:00 UTC on 1 July is 10:00 am the same day in Sydney (AEST, +10:00).
    expect(items[1]).toHaveTextContent("01/07/2025");
    expect(items[1]).toHaveTextContent("10:00 am");
    expect(items[1]).toHaveTextContent("Completed");
  });

  it("points to the booking wizard when there are no bookings", async () => {
    mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile(Date.now(), { bookings: [] })),
    });
    renderApp("/student/bookings", signedIn);
    expect(await screen.findByText("No bookings yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book your first lesson" })).toHaveAttribute(
      "href",
      "/student/book",
    );
  });
});

describe("What a lesson row says about its state and price", () => {
  const BUNDLE_ID = "a0000000-0000-4000-8000-000000000001";

  it("shows a past lesson the instructor has not marked as awaiting their confirmation, not as Scheduled", async () => {
    const ended = lesson("b0000000-0000-4000-8000-0000000000c1", "2025-07-01T00:00:00.000Z");
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings: [ended] })),
    });
    renderApp("/student/bookings", signedIn);
    const row = await findLessonRow("01/07/2025");
    expect(within(row).getByText("Awaiting your instructor's confirmation")).toBeInTheDocument();
    expect(within(row).queryByText("Scheduled")).not.toBeInTheDocument();
  });

  it("says a lesson paid with a bundle credit was paid that way instead of showing a price as if charged", async () => {
    const withCredit = lesson("b0000000-0000-4000-8000-0000000000c2", "2099-01-15T23:00:00.000Z", {
      price: 70,
      paymentId: null,
      bundleId: BUNDLE_ID,
    });
    const byCard = lesson("b0000000-0000-4000-8000-0000000000c3", "2099-02-19T23:00:00.000Z");
    mockFetch({
      "GET /api/student/profile": () =>
        jsonResponse(200, studentProfile(Date.now(), { bookings: [withCredit, byCard] })),
    });
    renderApp("/student/bookings", signedIn);
    const creditRow = await findLessonRow("16/01/2099");
    expect(creditRow).toHaveTextContent("Paid with bundle credit");
    expect(creditRow).not.toHaveTextContent("$70.00");
    expect(await findLessonRow("20/02/2099")).toHaveTextContent("$93.50 incl. GST · $85.00 + GST");
  });
});
