import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { availability, dashboard, lesson } from "@/test/instructor-fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };

describe("Instructor dashboard", () => {
  it("fills the four tiles with counts, this month's net earnings and both rates", async () => {
    mockFetch({ "GET /api/instructor/dashboard": jsonResponse(200, dashboard()) });
    renderApp("/instructor/dashboard", signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Ivy" })).toBeInTheDocument();
    const today = await screen.findByRole("region", { name: "Today's Lessons" });
    // The greeting comes from the session; the tiles fill once the dashboard call answers.
    await waitFor(() => expect(today).toHaveTextContent("2 lessons on 16/01/2099"));
    expect(today).toHaveTextContent("2");
    expect(screen.getByRole("region", { name: "This Week" })).toHaveTextContent(
      "7 lessons, Monday to Sunday",
    );
    const earnings = screen.getByRole("region", { name: "Monthly Earnings" });
    expect(earnings).toHaveTextContent("$1,234.50");
    expect(earnings).toHaveTextContent("After the 25% platform fee · January 2099");
    const rates = screen.getByRole("region", { name: "Your Rates" });
    expect(rates).toHaveTextContent("$85.00/hour");
    expect(rates).toHaveTextContent("Pool hours: $55.25/hour");
  });

  it("shows no pool rate to an instructor who has opted out of pool hours", async () => {
    const base = dashboard();
    mockFetch({
      "GET /api/instructor/dashboard": jsonResponse(
        200,
        dashboard({
          tiles: { ...base.tiles, poolRate: null },
          details: { ...base.details, poolOptIn: false },
        }),
      ),
    });
    renderApp("/instructor/dashboard", signedIn);
    const rates = await screen.findByRole("region", { name: "Your Rates" });
    await waitFor(() => expect(rates).toHaveTextContent("$85.00/hour"));
    expect(rates).toHaveTextContent("Standard rate");
    expect(rates).not.toHaveTextContent("Pool hours");
    expect(rates).not.toHaveTextContent("$55.25");
    const details = screen.getByText("Not offered.", { exact: false });
    expect(details).toHaveTextContent(
      'You are not in pool hours: to join, turn on "Offer pool hours" under Pool hours on your availability page.',
    );
    expect(within(details).getByRole("link", { name: "Join pool hours" })).toHaveAttribute(
      "href",
      "/instructor/availability",
    );
  });

  it("shows the instructor's compliance status and both expiry dates, warning before they lapse", async () => {
    const base = dashboard();
    mockFetch({
      "GET /api/instructor/dashboard": jsonResponse(
        200,
        dashboard({
          compliance: { ...base.compliance, wwcExpiresOn: "2099-02-05", wwcExpiringSoon: true },
        }),
      ),
    });
    renderApp("/instructor/dashboard", signedIn);
    const card = (await screen.findByRole("heading", { name: "Compliance" })).closest(
      ".rounded-2xl",
    ) as HTMLElement;
    await waitFor(() => expect(card).toHaveTextContent("Listed: students can find and book you"));
    expect(card).toHaveTextContent("Driving instructor licence31/03/2100");
    expect(card).toHaveTextContent("Working With Children check05/02/2099Expires in 20 days");
    expect(within(card).getByRole("alert")).toHaveTextContent("A document expires soon");
  });

  it("tells an instructor whose document expired that students can't book them, and why", async () => {
    const base = dashboard();
    mockFetch({
      "GET /api/instructor/dashboard": jsonResponse(
        200,
        dashboard({
          compliance: {
            ...base.compliance,
            licenseExpiresOn: "2099-01-10",
            isListed: false,
            reasons: ["LICENCE_EXPIRED"],
          },
        }),
      ),
    });
    renderApp("/instructor/dashboard", signedIn);
    const card = (await screen.findByRole("heading", { name: "Compliance" })).closest(
      ".rounded-2xl",
    ) as HTMLElement;
    await waitFor(() => expect(card).toHaveTextContent("Not listed: students can't book you"));
    expect(card).toHaveTextContent("10/01/2099Expired");
    expect(within(card).getByRole("alert")).toHaveTextContent("driving instructor licence expired");
  });

  it("lists upcoming lessons with Sydney date and time, a call link, pickup and the Pool Hours tag", async () => {
    const upcoming = [
      lesson({
        // 23:00 UTC on 15 Jan is 10:00 am on 16 Jan in Sydney (AEDT).
        startTime: "2099-01-15T23:00:00.000Z",
        endTime: "2099-01-16T00:00:00.000Z",
        isPoolHours: true,
        pickupLocation: "Bondi Junction station",
      }),
      ...Array.from({ length: 5 }, (_, i) =>
        lesson({ startTime: `2099-02-0${i + 1}T23:00:00.000Z`, endTime: `2099-02-0${i + 2}T00:00:00.000Z` }),
      ),
    ];
    mockFetch({ "GET /api/instructor/dashboard": jsonResponse(200, dashboard({ upcoming })) });
    renderApp("/instructor/dashboard", signedIn);

    const card = (await screen.findByRole("heading", { name: "Upcoming Lessons" })).closest(".rounded-2xl");
    const items = await within(card as HTMLElement).findAllByRole("listitem");
    expect(items).toHaveLength(5);
    const first = items[0] as HTMLElement;
    expect(first).toHaveTextContent("16/01/2099 · 10:00 am – 11:00 am");
    expect(first).toHaveTextContent("Sam Learner");
    expect(within(first).getByRole("link", { name: "0412 345 678" })).toHaveAttribute(
      "href",
      "tel:0412345678",
    );
    expect(first).toHaveTextContent("Bondi Junction station (Bondi)");
    expect(first).toHaveTextContent("Pool Hours");
    expect(items[1]).not.toHaveTextContent("Pool Hours");
  });

  it("labels a driving-test package in today's schedule with its centre and test time", async () => {
    // 06:30–11:30 am Sydney (AEDT) pick-up to drop-off; the test at 10:00 am.
    const pack = lesson({
      startTime: "2099-01-15T19:30:00.000Z",
      endTime: "2099-01-16T00:30:00.000Z",
      student: { firstName: "Tia", lastName: "Tested", phone: null },
    });
    const plain = lesson({ student: { firstName: "Ana", lastName: "Lee", phone: null } });
    mockFetch({
      "GET /api/instructor/dashboard": jsonResponse(
        200,
        dashboard({
          todaysSchedule: [
            {
              ...pack,
              testPack: {
                bookingId: pack.id,
                centre: { id: "ryde", name: "Ryde Service Centre", address: "Ryde NSW 2112", suburb: "Ryde" },
                testAt: "2099-01-15T23:00:00.000Z",
                includesWarmUp: true,
                status: "SCHEDULED",
                outcome: null,
                note: null,
                outcomeRecordedAt: null,
              },
            },
            { ...plain, testPack: null },
          ],
        }),
      ),
    });
    renderApp("/instructor/dashboard", signedIn);

    await screen.findByText("Tia Tested");
    const schedule = screen.getByRole("heading", { name: "Today's Schedule" }).closest(".rounded-2xl");
    const items = within(schedule as HTMLElement).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Test package · Ryde Service Centre · test 10:00 am");
    expect(items[1]).toHaveTextContent("Ana Lee");
    expect(items[1]).not.toHaveTextContent("Test package");
  });

  it("shows today's schedule, the instructor's details and no verification notice when verified", async () => {
    const todays = lesson({
      status: "COMPLETED",
      student: { firstName: "Ana", lastName: "Lee", phone: null },
    });
    mockFetch({
      "GET /api/instructor/dashboard": jsonResponse(200, dashboard({ todaysSchedule: [todays] })),
    });
    renderApp("/instructor/dashboard", signedIn);

    await screen.findByText("Ana Lee");
    const schedule = screen.getByRole("heading", { name: "Today's Schedule" }).closest(".rounded-2xl");
    expect(schedule).toHaveTextContent("Ana Lee");
    expect(schedule).toHaveTextContent("Completed");
    expect(schedule).toHaveTextContent("No phone number");
    const details = screen.getByRole("heading", { name: "Your Details" }).closest(".rounded-2xl");
    expect(details).toHaveTextContent("English");
    expect(details).toHaveTextContent("Mandarin");
    expect(details).toHaveTextContent("Manly");
    expect(details).toHaveTextContent("Automatic and manual");
    expect(screen.queryByText(/awaiting verification/)).not.toBeInTheDocument();
    expect(screen.getByText("No upcoming lessons")).toBeInTheDocument();
  });

  it("tells an unverified instructor that students can't see them yet", async () => {
    const data = dashboard();
    data.details.verificationStatus = "PENDING";
    mockFetch({ "GET /api/instructor/dashboard": jsonResponse(200, data) });
    renderApp("/instructor/dashboard", signedIn);
    expect(
      await screen.findByText("Your account is awaiting verification — students can't see you yet"),
    ).toBeInTheDocument();
  });

  it("shows the failure with a retry", async () => {
    let attempts = 0;
    mockFetch({
      "GET /api/instructor/dashboard": () =>
        ++attempts === 1
          ? apiError(500, "internal_error", "Something went wrong on our side. Please try again.")
          : jsonResponse(200, dashboard()),
    });
    const { user } = renderApp("/instructor/dashboard", signedIn);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load your dashboard");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    const earnings = await screen.findByRole("region", { name: "Monthly Earnings" });
    await waitFor(() => expect(earnings).toHaveTextContent("$1,234.50"));
  });

  it("gives instructors Dashboard, Availability, Lessons and Earnings in the navbar", async () => {
    mockFetch({ "GET /api/instructor/dashboard": jsonResponse(200, dashboard()) });
    renderApp("/instructor/dashboard", signedIn);
    const nav = (await screen.findAllByRole("navigation", { name: "Main" }))[0] as HTMLElement;
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "href",
      "/instructor/dashboard",
    );
    expect(within(nav).getByRole("link", { name: "Availability" })).toHaveAttribute(
      "href",
      "/instructor/availability",
    );
    expect(within(nav).getByRole("link", { name: "Lessons" })).toHaveAttribute("href", "/instructor/lessons");
    expect(within(nav).getByRole("link", { name: "Earnings" })).toHaveAttribute(
      "href",
      "/instructor/earnings",
    );
  });

  it("shows lessons that clash with the instructor's time off, as the Availability page does", async () => {
    const clashing = lesson({ student: { firstName: "Cleo", lastName: "Clash", phone: null } });
    const fine = lesson({ student: { firstName: "Finn", lastName: "Fine", phone: null } });
    mockFetch({
      "GET /api/instructor/dashboard": jsonResponse(200, dashboard({ upcoming: [clashing, fine] })),
      "GET /api/instructor/availability": jsonResponse(
        200,
        availability({ conflicts: [{ ...clashing, reasons: ["OUTSIDE_HOURS"] }] }),
      ),
    });
    renderApp("/instructor/dashboard", signedIn);
    expect(await screen.findByText("1 booked lesson is outside your hours or settings")).toBeInTheDocument();
    const upcoming = screen.getByText("Cleo Clash").closest("li") as HTMLElement;
    expect(upcoming).toHaveTextContent("Clashes with your availability: outside your hours");
    expect(screen.getByText("Finn Fine").closest("li")).not.toHaveTextContent("Clashes");
    expect(screen.getByRole("link", { name: "Go to your lessons" })).toHaveAttribute(
      "href",
      "/instructor/lessons",
    );
  });
});
