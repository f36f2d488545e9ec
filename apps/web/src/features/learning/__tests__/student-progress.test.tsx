/**
 * The learner's Progress page (issue 23): skills with their latest level, what to work on next (focus
 * skills standing out), the instructors' notes, and the NSW logbook with its progress bars and PDF.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedIn, today } from "@/test/booking-fixtures";
import { recordDownloads } from "@/test/downloads";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { logbook, progress } from "@/test/learning-fixtures";
import { renderApp } from "@/test/render";

describe("Progress page", () => {
  it("shows each skill's level, what to work on next with the focus skills first, and the notes", async () => {
    mockFetch({
      "GET /api/student/progress": jsonResponse(200, progress()),
      "GET /api/student/logbook": jsonResponse(200, logbook()),
    });
    renderApp("/student/progress", signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Your progress" })).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Lessons done" })).toHaveTextContent("3");
    expect(screen.getByText("3 h 30 min behind the wheel")).toBeInTheDocument();

    const next = screen.getByRole("heading", { name: "What to work on next" }).closest("div.rounded-2xl");
    const steps = within(next as HTMLElement).getAllByRole("listitem");
    // Three suggestions, focus skills first and marked as the learner's own.
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringContaining("Highway Driving"),
      expect.stringContaining("Roundabouts"),
      expect.stringContaining("Night Driving"),
    ]);
    expect(steps[0]).toHaveTextContent("Your focus");
    expect(steps[1]).toHaveTextContent("now practising");
    expect(steps[2]).not.toHaveTextContent("Your focus");

    const skills = screen
      .getByRole("heading", { name: "Your skills" })
      .closest("div.rounded-2xl") as HTMLElement;
    expect(within(skills).getByText("City Traffic").closest("li")).toHaveTextContent("Competent");
    expect(within(skills).getByText("Parallel Parking").closest("li")).toHaveTextContent("Not started");
    expect(within(skills).getByText("Roundabouts").closest("li")).toHaveTextContent(
      "Last practised 15/06/2026",
    );

    expect(screen.getByText("Good lane discipline after dark.")).toBeInTheDocument();
    expect(screen.getByText("Night Driving · Introduced")).toBeInTheDocument();
  });

  it("shows the logbook's hours towards 120 and 20 at night, and downloads the PDF", async () => {
    const saved = recordDownloads();
    const { callsTo } = mockFetch({
      "GET /api/student/progress": jsonResponse(200, progress()),
      "GET /api/student/logbook": jsonResponse(200, logbook()),
      "GET /api/student/logbook.pdf": () =>
        new Response("%PDF-1.7", { status: 200, headers: { "Content-Type": "application/pdf" } }),
    });
    const { user } = renderApp("/student/progress", signedIn);
    const hours = await screen.findByRole("progressbar", { name: "Logbook hours from lessons" });
    expect(hours).toHaveAttribute("aria-valuenow", "360");
    expect(hours).toHaveAttribute("aria-valuemax", "7200");
    expect(hours).toHaveAttribute("aria-valuetext", "6 of 120 h");
    expect(screen.getByRole("progressbar", { name: "Night hours" })).toHaveAttribute(
      "aria-valuetext",
      "1 of 20 h",
    );
    expect(screen.getByText(/your next 8 h of lessons still count 3 times/)).toBeInTheDocument();
    const lessons = screen.getByRole("list", { name: "Lessons in your logbook" });
    expect(lessons).toHaveTextContent("Ivy Teach · licence 87654321");
    expect(lessons).toHaveTextContent("+3 h");
    expect(lessons).toHaveTextContent("1 h at night");
    expect(lessons).toHaveTextContent("Confirmed");

    await user.click(screen.getByRole("button", { name: "Download logbook PDF" }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: "blob:kerb/1", download: `Kerb-logbook-${today()}.pdf` }]),
    );
    expect(callsTo("GET", "/api/student/logbook.pdf")).toHaveLength(1);
  });

  it("asks for a date of birth when there is none", async () => {
    mockFetch({
      "GET /api/student/progress": jsonResponse(200, progress()),
      "GET /api/student/logbook": jsonResponse(200, logbook({ ageUnknown: true })),
    });
    renderApp("/student/progress", signedIn);
    expect(await screen.findByRole("link", { name: "Add your date of birth" })).toHaveAttribute(
      "href",
      "/student/account",
    );
    expect(screen.getByText(/we've counted you as under 25/)).toBeInTheDocument();
  });

  it("at 25 and over shows no hours to log", async () => {
    mockFetch({
      "GET /api/student/progress": jsonResponse(200, progress()),
      "GET /api/student/logbook": jsonResponse(
        200,
        logbook({ under25: false, creditedMinutes: 0, creditedNightMinutes: 0, remainingMinutes: 0 }),
      ),
    });
    renderApp("/student/progress", signedIn);
    expect(await screen.findByText("No logbook needed at 25 and over")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("before the first lesson says what comes and offers booking", async () => {
    mockFetch({
      "GET /api/student/progress": jsonResponse(
        200,
        progress({
          lessonsCompleted: 0,
          minutesCompleted: 0,
          recentRecords: [],
          targetTestDate: "2099-01-01",
        }),
      ),
      "GET /api/student/logbook": jsonResponse(200, { ...logbook(), lessons: [] }),
    });
    renderApp("/student/progress", signedIn);
    expect(await screen.findByText("Your progress starts with your first lesson")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Driving test" })).toHaveTextContent("01/01/2099");
    expect(
      screen.getByText(/After each lesson your instructor records what you practised/),
    ).toBeInTheDocument();
  });

  it("is in the student's navigation", async () => {
    mockFetch({
      "GET /api/student/progress": jsonResponse(200, progress()),
      "GET /api/student/logbook": jsonResponse(200, logbook()),
    });
    renderApp("/student/progress", signedIn);
    const nav = (await screen.findAllByRole("navigation", { name: "Main" }))[0] as HTMLElement;
    expect(within(nav).getByRole("link", { name: "Progress" })).toHaveAttribute("aria-current", "page");
  });
});
