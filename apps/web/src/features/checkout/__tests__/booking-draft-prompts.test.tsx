import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BOOKING_DRAFT_KEY } from "@/lib/booking-draft";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { lesson, signedIn } from "@/test/student-lesson-fixtures";

const HELD_PAYMENT = "00000000-0000-4000-8000-0000000000cc";

/** A booking left at the wizard's booking-option step (it resumes without asking the server anything). */
const draft = {
  flow: "multi_select",
  currentStep: "rate_instructor_option",
  suburb: "Manly",
  assessmentData: {
    experienceLevel: "some_experience",
    licenseType: "automatic",
    targetDate: null,
    specificSkills: [],
    estimatedLessons: 10,
    language: "English",
  },
  selectedInstructor: null,
  rateOption: null,
  selectedSlots: [],
  selectedDate: null,
};

function seedDraft(fields: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    BOOKING_DRAFT_KEY,
    JSON.stringify({ timestamp: Date.now(), ...draft, ...fields }),
  );
}

const storedDraft = () => window.localStorage.getItem(BOOKING_DRAFT_KEY);

function server(bookings = studentProfile().bookings) {
  return mockFetch({
    "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings })),
    "POST /api/auth/extend-session": () =>
      jsonResponse(200, {
        accessToken: "access-extended",
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
      }),
    [`POST /api/payment/${HELD_PAYMENT}/release`]: () =>
      jsonResponse(200, { payment: { id: HELD_PAYMENT, status: "CANCELLED" } }),
  });
}

const notice = () => screen.findByRole("region", { name: "You have an unfinished booking" });

describe("A saved booking draft on the dashboard", () => {
  it("is not mentioned when there is none", async () => {
    server();
    renderApp("/student/dashboard", signedIn);
    await screen.findByText("7 lessons available");
    expect(screen.queryByText("You have an unfinished booking")).not.toBeInTheDocument();
  });

  it("says when it was saved, and Resume booking takes the student back into the wizard", async () => {
    seedDraft();
    server();
    const { user, router } = renderApp("/student/dashboard", signedIn);

    const region = await notice();
    expect(within(region).getByText(/^Saved at/)).toHaveTextContent(
      /^Saved at \d{1,2}:\d{2} (am|pm)\. Pick up where you left off\.$/,
    );
    const resume = within(region).getByRole("link", { name: "Resume booking" });
    expect(resume).toHaveAttribute("href", "/student/book-lessons?resume=true");

    await user.click(resume);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose your booking option" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/student/book-lessons");
    expect(storedDraft()).not.toBeNull();
  });

  it("Start again asks first; keeping the draft leaves it as it was", async () => {
    seedDraft();
    const api = server();
    const { user, router } = renderApp("/student/dashboard", signedIn);

    await user.click(within(await notice()).getByRole("button", { name: "Start again" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Discard your unfinished booking?" });
    expect(dialog).toHaveTextContent("Starting again clears the choices you made.");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(storedDraft()).not.toBeNull();
    expect(router.state.location.pathname).toBe("/student/dashboard");
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("confirming Start again clears the draft and opens a new booking", async () => {
    seedDraft();
    server();
    const { user, router } = renderApp("/student/dashboard", signedIn);

    await user.click(within(await notice()).getByRole("button", { name: "Start again" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Discard your unfinished booking?" });
    await user.click(within(dialog).getByRole("button", { name: "Start again" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/student/book"));
    expect(storedDraft()).toBeNull();
  });

  it("Book a Lesson asks before throwing the draft away, and Resume from there goes to the wizard", async () => {
    seedDraft();
    server();
    const { user, router } = renderApp("/student/dashboard", signedIn);
    await screen.findByText("7 lessons available");

    await user.click(within(screen.getByRole("main")).getByRole("link", { name: /Book a Lesson/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Discard your unfinished booking?" });
    expect(router.state.location.pathname).toBe("/student/dashboard");

    await user.click(within(dialog).getByRole("link", { name: "Resume" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose your booking option" }),
    ).toBeInTheDocument();
    expect(storedDraft()).not.toBeNull();
  });

  it("a draft whose checkout holds lessons says so, and starting again releases them", async () => {
    seedDraft({ pendingCheckout: { response: { payment: { id: HELD_PAYMENT } } } });
    const held = lesson("b0000000-0000-4000-8000-000000000301", "2099-01-15T23:00:00.000Z", {
      status: "PENDING_PAYMENT",
      paymentId: HELD_PAYMENT,
      holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    const api = server([held]);
    const { user, router } = renderApp("/student/dashboard", signedIn);

    const region = await notice();
    await waitFor(() => expect(region).toHaveTextContent("your lesson times are still held."));
    await user.click(within(region).getByRole("button", { name: "Start again" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Discard your unfinished booking?" });
    expect(dialog).toHaveTextContent("releases the lesson times held for you");
    expect(api.callsTo("POST", `/api/payment/${HELD_PAYMENT}/release`)).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Start again" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/student/book"));
    expect(api.callsTo("POST", `/api/payment/${HELD_PAYMENT}/release`)).toHaveLength(1);
    expect(storedDraft()).toBeNull();
  });
});
