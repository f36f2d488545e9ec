import type { AdminReview, InstructorReviewsResponse } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const INSTRUCTOR_ID = "7d2a4c2f-1b5f-4c1b-8c4f-2a3b4c5d6e7f";

function reviewsPage(overrides: Partial<InstructorReviewsResponse> = {}): InstructorReviewsResponse {
  return {
    instructor: {
      id: INSTRUCTOR_ID,
      firstName: "Ivy",
      lastName: "Teacher",
      bio: "Calm and patient.",
      languages: ["English", "Hindi"],
      suburbs: ["Parramatta"],
      vehicleType: "AUTOMATIC",
      rating: 4.75,
      ratingCount: 23,
    },
    items: [
      {
        id: "c0000000-0000-4000-8000-000000000001",
        rating: 5,
        comment: "Passed first go!",
        createdAt: "2026-03-02T01:00:00.000Z",
        reviewerName: "Sam L.",
      },
    ],
    total: 1,
    page: 1,
    pageSize: 10,
    ...overrides,
  };
}

describe("Public instructor profile", () => {
  it('shows the rating as "4.8 (23)" and the reviews with first name and initial', async () => {
    mockFetch({ [`GET /api/instructors/${INSTRUCTOR_ID}/reviews`]: () => jsonResponse(200, reviewsPage()) });
    renderApp(`/instructors/${INSTRUCTOR_ID}`);
    expect(await screen.findByRole("heading", { name: "Ivy Teacher", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("4.8 (23)")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "5 out of 5 stars" })).toBeInTheDocument();
    expect(screen.getByText("Sam L.")).toBeInTheDocument();
    expect(screen.getByText("Passed first go!")).toBeInTheDocument();
    expect(screen.getByText("02/03/2026")).toBeInTheDocument();
  });

  it("says when there are no reviews yet", async () => {
    mockFetch({
      [`GET /api/instructors/${INSTRUCTOR_ID}/reviews`]: () =>
        jsonResponse(
          200,
          reviewsPage({
            items: [],
            total: 0,
            instructor: { ...reviewsPage().instructor, rating: null, ratingCount: 0 },
          }),
        ),
    });
    renderApp(`/instructors/${INSTRUCTOR_ID}`);
    expect(await screen.findByText(/Students can review a lesson for 14 days/)).toBeInTheDocument();
    expect(screen.getAllByText("No reviews yet").length).toBeGreaterThan(0);
  });
});

function adminReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: "c0000000-0000-4000-8000-000000000009",
    bookingId: "b0000000-0000-4000-8000-000000000009",
    rating: 1,
    comment: "Rude words here",
    createdAt: "2026-03-02T01:00:00.000Z",
    hiddenAt: null,
    student: { id: "a0000000-0000-4000-8000-000000000001", firstName: "Sam", lastName: "Learner" },
    instructor: { id: INSTRUCTOR_ID, firstName: "Ivy", lastName: "Teacher" },
    ...overrides,
  };
}

describe("Admin reviews", () => {
  it("hides a review and says it no longer counts", async () => {
    let current = adminReview();
    const server = mockFetch({
      "GET /api/admin/reviews": () =>
        jsonResponse(200, { items: [current], total: 1, page: 1, pageSize: 20 }),
      [`POST /api/admin/reviews/${current.id}/hide`]: () => {
        current = { ...current, hiddenAt: "2026-03-03T01:00:00.000Z" };
        return jsonResponse(200, { review: current });
      },
    });
    const { user } = renderApp("/admin/reviews", { session: sessionFor(adminUser) });
    expect(await screen.findByText("Rude words here")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hide review of Ivy Teacher by Sam Learner" }));
    expect(
      await screen.findByText(/is hidden and no longer counts towards their rating/),
    ).toBeInTheDocument();
    expect(server.callsTo("POST", `/api/admin/reviews/${current.id}/hide`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByText("Hidden", { selector: "span" })).toBeInTheDocument());
    const sections = screen.getByRole("navigation", { name: "Admin sections" });
    expect(within(sections).getByRole("link", { name: "Reviews" })).toHaveAttribute("aria-current", "page");
  });
});
