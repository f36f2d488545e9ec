import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { renderApp } from "@/test/render";
import {
  completeAssessment,
  findStepHeading,
  keepaliveRoute,
  listing,
  query,
  seedDraft,
  signedIn,
  storedDraft,
  summary,
} from "./wizard-test-utils";

// In recommendation order, as the API answers with assessment parameters.
const best = listing({ firstName: "Beth", lastName: "Best", standardRate: 90, rating: 4.2, score: 90 });
const cheap = listing({
  firstName: "Carl",
  lastName: "Cheap",
  standardRate: 55,
  rating: null,
  ratingCount: 0,
  score: 60,
});
const star = listing({
  firstName: "Sia",
  lastName: "Star",
  standardRate: 70,
  rating: 4.9,
  score: 50,
  gender: "OTHER",
});
const mid = listing({
  firstName: "Mo",
  lastName: "Mid",
  standardRate: 65,
  rating: 4.2,
  score: 40,
  gender: "MALE",
});
const instructors = [best, cheap, star, mid];

function startAt(flow: "bundle" | "multi_select") {
  seedDraft({
    flow,
    currentStep: "instructor_selection",
    suburb: "Parramatta",
    assessmentData: { ...completeAssessment, language: "Arabic" },
    rateOption: flow === "multi_select" ? "pick_instructor" : null,
  });
  return renderApp("/student/book?resume=true", signedIn);
}

function cardNames(panel: HTMLElement) {
  return within(panel)
    .getAllByRole("heading", { level: 3 })
    .map((h) => h.textContent);
}

describe("Instructor step", () => {
  it("asks for instructors with the assessment answers and lists them in the three tabs", async () => {
    const { callsTo } = mockFetch({
      ...keepaliveRoute,
      "GET /api/student/instructors": { body: instructors },
    });
    const { user } = startAt("multi_select");
    await findStepHeading("Choose your instructor");
    await screen.findByText("Beth Best");

    const call = callsTo(
      "GET",
      "/api/student/instructors?suburb=Parramatta&experienceLevel=some_experience&licenseType=automatic&language=Arabic",
    );
    expect(call).toHaveLength(1);

    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual(["Recommended for You", "Best Value", "Top Rated"]);
    expect(screen.getByRole("tab", { name: "Recommended for You" })).toHaveAttribute("aria-selected", "true");
    expect(cardNames(screen.getByRole("tabpanel"))).toEqual([
      "Beth Best",
      "Carl Cheap",
      "Sia Star",
      "Mo Mid",
    ]);

    await user.click(screen.getByRole("tab", { name: "Best Value" }));
    expect(cardNames(screen.getByRole("tabpanel"))).toEqual([
      "Carl Cheap",
      "Mo Mid",
      "Sia Star",
      "Beth Best",
    ]);

    await user.click(screen.getByRole("tab", { name: "Top Rated" }));
    // Highest first, equal ratings keep the recommended order, unrated last.
    expect(cardNames(screen.getByRole("tabpanel"))).toEqual([
      "Sia Star",
      "Beth Best",
      "Mo Mid",
      "Carl Cheap",
    ]);
  });

  it("marks the top recommendation Best Match and shows every card detail, with N/A for no rating", async () => {
    mockFetch({ ...keepaliveRoute, "GET /api/student/instructors": { body: instructors } });
    startAt("multi_select");
    const bethCard = (await screen.findByRole("heading", { name: "Beth Best" })).closest("li") as HTMLElement;
    expect(within(bethCard).getByText("Best Match")).toBeInTheDocument();
    expect(screen.getAllByText("Best Match")).toHaveLength(1);
    expect(bethCard).toHaveTextContent("Female");
    expect(bethCard).toHaveTextContent("4.2");
    expect(bethCard).toHaveTextContent("(10 reviews)");
    expect(bethCard).toHaveTextContent("Patient and calm.");
    expect(bethCard).toHaveTextContent("English");
    expect(bethCard).toHaveTextContent("Vehicle: Automatic");
    expect(bethCard).toHaveTextContent("$99.00/hour incl. GST · $90.00 + GST");
    expect(bethCard).toHaveTextContent("$57.20/hour incl. GST · $52.00 + GST");

    const carlCard = screen.getByRole("heading", { name: "Carl Cheap" }).closest("li") as HTMLElement;
    expect(within(carlCard).getByText("N/A")).toBeInTheDocument();
    expect(within(carlCard).queryByText("Best Match")).not.toBeInTheDocument();
  });

  it("keeps Continue disabled until an instructor is chosen, then books that instructor's times", async () => {
    const { calls } = mockFetch({
      ...keepaliveRoute,
      "GET /api/student/instructors": { body: instructors },
      "GET /api/student/availability-summary": () =>
        jsonResponse(
          200,
          summary(() => [0, 2]),
        ),
    });
    const { user } = startAt("multi_select");
    await screen.findByText("Beth Best");
    const continueButton = screen.getByRole("button", { name: "Continue" });
    expect(continueButton).toBeDisabled();

    const select = screen.getByRole("button", { name: "Select Sia Star" });
    await user.click(select);
    expect(select).toHaveAttribute("aria-pressed", "true");
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);

    await findStepHeading("Pick your lesson times");
    await waitFor(() => expect(calls.some((c) => c.path.includes("availability-summary"))).toBe(true));
    const summaryCall = query(defined(calls.find((c) => c.path.includes("availability-summary"))));
    expect(summaryCall.get("instructorId")).toBe(star.id);
    expect(summaryCall.has("poolHoursOnly")).toBe(false);
    expect(storedDraft()).toMatchObject({
      currentStep: "slot_selection",
      rateOption: "pick_instructor",
      selectedInstructor: { id: star.id, firstName: "Sia", lastName: "Star", autoMatch: false },
    });
  });

  it("Auto-Match in Flow B picks the top recommended instructor", async () => {
    const { calls } = mockFetch({
      ...keepaliveRoute,
      "GET /api/student/instructors": { body: instructors },
      "GET /api/student/availability-summary": () =>
        jsonResponse(
          200,
          summary(() => [1, 1]),
        ),
    });
    const { user } = startAt("multi_select");
    await screen.findByText("We'll book you with your best match, Beth Best.");
    await user.click(screen.getByRole("button", { name: "Auto-Match" }));
    expect(screen.getByRole("button", { name: "Auto-Match" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await findStepHeading("Pick your lesson times");
    await waitFor(() => expect(calls.some((c) => c.path.includes("availability-summary"))).toBe(true));
    const request = calls.find((c) => c.path.includes("availability-summary"));
    expect(query(defined(request)).get("instructorId")).toBe(best.id);
    expect(screen.getByText("Showing times with Beth Best")).toBeInTheDocument();
  });

  it("Auto-Match in Flow A ties the bundle to the best match, whose calendar its credits are spent in", async () => {
    mockFetch({ ...keepaliveRoute, "GET /api/student/instructors": { body: instructors } });
    const { user } = startAt("bundle");
    await screen.findByText(
      "Your bundle goes to your best match, Beth Best: you book its lessons in their calendar.",
    );
    await user.click(screen.getByRole("button", { name: "Auto-Match" }));
    expect(screen.getByText("Selected: Auto-Match (Beth Best)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Review your bundle and pay");
    expect(screen.getByText("Instructor: Beth Best (Auto-Match)")).toBeInTheDocument();
    expect(storedDraft()?.selectedInstructor).toMatchObject({ id: best.id, autoMatch: true });
  });

  it("says so when nobody teaches in the suburb and offers another suburb", async () => {
    mockFetch({ ...keepaliveRoute, "GET /api/student/instructors": { body: [] } });
    const { user } = startAt("multi_select");
    expect(await screen.findByText("No instructors teach in Parramatta yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Choose another suburb" }));
    await findStepHeading("Where would you like your lessons?");
  });

  it("shows a retry when the list fails to load", async () => {
    let attempts = 0;
    mockFetch({
      ...keepaliveRoute,
      "GET /api/student/instructors": () =>
        ++attempts === 1
          ? jsonResponse(500, { error: { code: "internal_error", message: "Something broke" } })
          : jsonResponse(200, instructors),
    });
    const { user } = startAt("multi_select");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load instructors");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Beth Best")).toBeInTheDocument();
  });
});
