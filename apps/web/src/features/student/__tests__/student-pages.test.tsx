import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(studentUser) };

describe("Student dashboard", () => {
  it("welcomes the student and fills the three tiles", async () => {
    mockFetch({ "GET /api/student/profile": jsonResponse(200, studentProfile()) });
    renderApp("/student/dashboard", signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Sam" })).toBeInTheDocument();
    await screen.findByText("7 lessons available");
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: /Book a Lesson/ })).toHaveAttribute(
      "href",
      "/student/book",
    );

    const bundlesTile = (await screen.findByRole("heading", { name: "Active Bundles" })).closest(
      "div",
    )?.parentElement;
    // One bundle is usable (7 of 10 left); the other is used up.
    expect(bundlesTile).toHaveTextContent("1");
    expect(bundlesTile).toHaveTextContent("7 lessons available");
    const completedTile = screen
      .getByRole("heading", { name: "Lessons Completed" })
      .closest("div")?.parentElement;
    expect(completedTile).toHaveTextContent("1");
  });

  it("lists only future SCHEDULED lessons, soonest first, and the usable bundles with Use Bundle", async () => {
    mockFetch({ "GET /api/student/profile": jsonResponse(200, studentProfile()) });
    renderApp("/student/dashboard", signedIn);
    await screen.findByText("7 lessons available");

    const upcomingCard = (await screen.findByRole("heading", { name: "Upcoming Lessons" })).closest(
      ".rounded-2xl",
    );
    const lessons = await within(upcomingCard as HTMLElement).findAllByRole("listitem");
    expect(lessons).toHaveLength(2);
    // The pool-hours lesson tomorrow ($55.25) comes before the one in three days ($85.00).
    expect(lessons[0]).toHaveTextContent("$55.25");
    expect(lessons[0]).toHaveTextContent("Pool Hours");
    expect(lessons[1]).toHaveTextContent("$85.00");

    const bundlesCard = screen.getByRole("heading", { name: "Your Bundles" }).closest(".rounded-2xl");
    const bundles = within(bundlesCard as HTMLElement).getAllByRole("listitem");
    expect(bundles).toHaveLength(1);
    expect(bundles[0]).toHaveTextContent("10-lesson bundle");
    expect(within(defined(bundles[0])).getByRole("link", { name: "Use Bundle" })).toHaveAttribute(
      "href",
      "/student/bundles/a0000000-0000-4000-8000-000000000001/book",
    );
  });

  it("says what to do next when there is nothing yet", async () => {
    mockFetch({
      "GET /api/student/profile": jsonResponse(
        200,
        studentProfile(Date.now(), { bookings: [], bundles: [] }),
      ),
    });
    renderApp("/student/dashboard", signedIn);

    expect(await screen.findByText("No upcoming lessons")).toBeInTheDocument();
    expect(screen.getByText("No active bundles")).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Book a lesson" })).toHaveAttribute(
      "href",
      "/student/book",
    );
    expect(screen.getByText("0 lessons available")).toBeInTheDocument();
  });

  it("shows the failure and retries on request", async () => {
    let attempts = 0;
    mockFetch({
      "GET /api/student/profile": () =>
        ++attempts === 1
          ? apiError(500, "internal_error", "Something went wrong on our side. Please try again.")
          : jsonResponse(200, studentProfile()),
    });
    const { user } = renderApp("/student/dashboard", signedIn);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load your dashboard");
    expect(alert).toHaveTextContent("Something went wrong on our side. Please try again.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(await screen.findByText("7 lessons available")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});

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
    await screen.findByText("$1,234.50");
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("16/01/2099");
    expect(items[0]).toHaveTextContent("10:00 am – 11:00 am");
    expect(items[0]).toHaveTextContent("Ivy Teacher");
    expect(items[0]).toHaveTextContent("$1,234.50");
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

describe("Student bundles page", () => {
  it("shows lessons used of total and the expiry date", async () => {
    const now = Date.now();
    const profile = studentProfile(now);
    defined(profile.bundles[0]).expiresAt = "2099-03-31T13:00:00.000Z"; // 1 April 2099, midnight in Sydney
    mockFetch({ "GET /api/student/profile": jsonResponse(200, profile) });
    renderApp("/student/bundles", signedIn);

    await screen.findByText("3 of 10");
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("3 of 10");
    expect(items[0]).toHaveTextContent("Expires 01/04/2099");
    expect(items[0]).toHaveTextContent("7 lessons left");
    expect(within(defined(items[0])).getByRole("progressbar", { name: "Lessons used" })).toHaveAttribute(
      "aria-valuenow",
      "3",
    );
    expect(items[1]).toHaveTextContent("5 of 5");
    expect(items[1]).toHaveTextContent("All lessons used");
    expect(within(defined(items[1])).queryByRole("link", { name: "Use Bundle" })).not.toBeInTheDocument();
  });

  it("keeps the page while the profile loads, then shows the empty state", async () => {
    mockFetch({ "GET /api/student/profile": jsonResponse(200, studentProfile(Date.now(), { bundles: [] })) });
    renderApp("/student/bundles", signedIn);
    await waitFor(() => expect(screen.getByText("No bundles yet")).toBeInTheDocument());
  });
});
