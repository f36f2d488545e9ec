import { screen, within } from "@testing-library/react";
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
