import type { StudentProfileBooking } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { DAY, studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { findLessonRow, lesson, signedIn } from "@/test/student-lesson-fixtures";

const now = Date.now();
// Taught three days ago (inside the 14-day window) and twenty days ago (outside it).
const recent = lesson("b0000000-0000-4000-8000-000000000201", new Date(now - 3 * DAY).toISOString(), {
  status: "COMPLETED",
  review: null,
});
const old = lesson("b0000000-0000-4000-8000-000000000202", new Date(now - 20 * DAY).toISOString(), {
  status: "COMPLETED",
  review: null,
});
const dateOf = (b: StudentProfileBooking) =>
  new Intl.DateTimeFormat("en-AU", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Australia/Sydney",
  }).format(new Date(b.startTime));

function server(reviewReply?: () => Response) {
  let bookings = [recent, old];
  return mockFetch({
    "GET /api/student/profile": () => jsonResponse(200, studentProfile(now, { bookings })),
    [`POST /api/student/bookings/${recent.id}/review`]: (request) => {
      if (reviewReply) return reviewReply();
      const body = request.body as { rating: number; comment?: string };
      bookings = bookings.map((b) =>
        b.id === recent.id
          ? { ...b, review: { rating: body.rating, createdAt: new Date().toISOString() } }
          : b,
      );
      return jsonResponse(201, {
        review: {
          id: "c0000000-0000-4000-8000-000000000001",
          bookingId: recent.id,
          instructorId: recent.instructor.id,
          rating: body.rating,
          comment: body.comment ?? null,
          createdAt: new Date().toISOString(),
        },
        instructor: { id: recent.instructor.id, rating: 4.5, ratingCount: 2 },
      });
    },
  });
}

describe("Reviewing a completed lesson on My bookings", () => {
  it("offers Review only inside the 14-day window, and submits stars chosen with the keyboard", async () => {
    const fetches = server();
    const { user } = renderApp("/student/bookings", signedIn);
    const oldRow = await findLessonRow(dateOf(old));
    expect(within(oldRow).queryByRole("button", { name: /^Review/ })).not.toBeInTheDocument();

    const row = await findLessonRow(dateOf(recent));
    await user.click(within(row).getByRole("button", { name: /^Review lesson on/ }));
    const dialog = await screen.findByRole("dialog", { name: "Review your lesson with Ivy" });

    // Submitting without stars says what is missing.
    await user.click(within(dialog).getByRole("button", { name: "Submit review" }));
    expect(await within(dialog).findByText("Choose a rating from 1 to 5 stars")).toBeInTheDocument();
    expect(fetches.calls.filter((c) => c.method === "POST")).toHaveLength(0);

    // Keyboard: focus the first star, arrow right three times → 4 stars.
    await user.click(within(dialog).getByRole("radio", { name: "1 star" }));
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(within(dialog).getByRole("radio", { name: "4 stars" })).toBeChecked();
    await user.type(within(dialog).getByLabelText(/Comment/), "Very patient.");
    await user.click(within(dialog).getByRole("button", { name: "Submit review" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [post] = fetches.callsTo("POST", `/api/student/bookings/${recent.id}/review`);
    expect(post?.body).toEqual({ rating: 4, comment: "Very patient." });
    const updated = await findLessonRow(dateOf(recent));
    await waitFor(() => expect(updated).toHaveTextContent("Reviewed4"));
    expect(within(updated).getByText("4 out of 5 stars")).toBeInTheDocument();
    expect(within(updated).queryByRole("button", { name: /^Review/ })).not.toBeInTheDocument();
  });

  it("says why a review was refused and keeps the dialog open", async () => {
    server(() => apiError(409, "already_reviewed", "You have already reviewed this lesson"));
    const { user } = renderApp("/student/bookings", signedIn);
    const row = await findLessonRow(dateOf(recent));
    await user.click(within(row).getByRole("button", { name: /^Review lesson on/ }));
    const dialog = await screen.findByRole("dialog", { name: "Review your lesson with Ivy" });
    await user.click(within(dialog).getByRole("radio", { name: "5 stars" }));
    await user.click(within(dialog).getByRole("button", { name: "Submit review" }));
    expect(await within(dialog).findByText("You have already reviewed this lesson")).toBeInTheDocument();
  });
});
