import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EXPIRED_DRAFT_KEY } from "@/lib/booking-draft";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import {
  findStepHeading,
  keepaliveRoute,
  listing,
  rateOptionDraft,
  resumeDraft,
  seedDraft,
  signedIn,
  storedDraft,
} from "./wizard-test-utils";

function studentServer(more: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    ...keepaliveRoute,
    "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings: [] })),
    ...more,
  });
}

describe("A saved booking is never thrown away unasked", () => {
  it("the navbar's Book Lessons asks first; Resume booking picks up where the student left off", async () => {
    seedDraft(rateOptionDraft);
    studentServer();
    const { user } = renderApp("/student/dashboard", signedIn);
    expect(
      await screen.findByRole("heading", { name: "You have an unfinished booking" }),
    ).toBeInTheDocument();

    const nav = await screen.findByRole("navigation", { name: "Main" });
    await user.click(within(nav).getByRole("link", { name: "Book Lessons" }));

    await findStepHeading("You have an unfinished booking");
    expect(screen.getByText(/You saved a booking at/)).toBeInTheDocument();
    // Asking changed nothing.
    expect(storedDraft()).toMatchObject({ suburb: "Manly", currentStep: "rate_instructor_option" });

    await user.click(screen.getByRole("link", { name: "Resume booking" }));
    await findStepHeading("Choose your booking option");
    expect(storedDraft()).toMatchObject({ suburb: "Manly" });
  });

  it("Start a new booking discards the draft and shows the first step", async () => {
    seedDraft(rateOptionDraft);
    studentServer();
    const { user } = renderApp("/student/book", signedIn);
    await findStepHeading("You have an unfinished booking");
    await user.click(screen.getByRole("button", { name: "Start a new booking" }));
    await findStepHeading("How would you like to book?");
    expect(storedDraft()).toBeNull();
  });
});

describe("A saved booking that expired", () => {
  it("says so once on the dashboard, then never again", async () => {
    seedDraft(rateOptionDraft, 121);
    studentServer();
    const first = renderApp("/student/dashboard", signedIn);
    const notice = await screen.findByText("Your saved booking expired");
    expect(notice.closest("[role='status']")).toHaveTextContent("Saved bookings are kept for 2 hours");
    expect(screen.queryByRole("link", { name: "Resume booking" })).not.toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(EXPIRED_DRAFT_KEY)).toBeNull());
    first.unmount();

    renderApp("/student/dashboard", signedIn);
    await screen.findByRole("heading", { name: /Welcome/ });
    expect(screen.queryByText("Your saved booking expired")).not.toBeInTheDocument();
  });

  it("says so when Resume finds it gone, and the wizard starts afresh", async () => {
    studentServer();
    resumeDraft(rateOptionDraft, { ageMinutes: 121 });
    await findStepHeading("How would you like to book?");
    expect(screen.getByText("Your saved booking expired")).toBeInTheDocument();
    expect(storedDraft()).toBeNull();
  });
});

describe("A choice made but not yet confirmed survives a reload", () => {
  it("the suburb picked on the suburb step", async () => {
    mockFetch(keepaliveRoute);
    const first = resumeDraft({ flow: "bundle", currentStep: "suburb_selection" });
    await findStepHeading("Where would you like your lessons?");
    await first.user.click(screen.getByRole("radio", { name: "Manly" }));
    await waitFor(() =>
      expect(storedDraft()).toMatchObject({ unconfirmed: { step: "suburb_selection", suburb: "Manly" } }),
    );
    first.unmount();

    // The reload: the same address (the wizard keeps resume=true and the step in it).
    renderApp(`/student/book${first.router.state.location.search}`, signedIn);
    await findStepHeading("Where would you like your lessons?");
    expect(screen.getByRole("radio", { name: "Manly" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();
  });

  it("the booking option and the instructor", async () => {
    const olivia = listing({ firstName: "Olivia", lastName: "Brown" });
    mockFetch({ ...keepaliveRoute, "GET /api/student/instructors": () => jsonResponse(200, [olivia]) });
    const first = resumeDraft(rateOptionDraft);
    await findStepHeading("Choose your booking option");
    await first.user.click(screen.getByRole("radio", { name: /Pick Instructor/ }));
    await waitFor(() =>
      expect(storedDraft()).toMatchObject({ unconfirmed: { rateOption: "pick_instructor" } }),
    );
    first.unmount();

    const second = renderApp(`/student/book${first.router.state.location.search}`, signedIn);
    await findStepHeading("Choose your booking option");
    expect(screen.getByRole("radio", { name: /Pick Instructor/ })).toBeChecked();
    await second.user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Choose your instructor");
    // Confirmed: the choice is the draft's answer now, not a pending one.
    expect(storedDraft()).toMatchObject({ rateOption: "pick_instructor", unconfirmed: null });

    await second.user.click(await screen.findByRole("button", { name: /^Select Olivia Brown/ }));
    await waitFor(() =>
      expect(storedDraft()).toMatchObject({ unconfirmed: { step: "instructor_selection" } }),
    );
    second.unmount();

    renderApp(`/student/book${second.router.state.location.search}`, signedIn);
    await findStepHeading("Choose your instructor");
    await waitFor(() => expect(screen.getByText("Selected: Olivia Brown")).toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();
  });
});

describe("What sign-up already told us is not asked again", () => {
  it("preselects the profile's suburb, experience and licence type (still changeable)", async () => {
    studentServer();
    const { user } = renderApp("/student/book", signedIn);
    await user.click(await screen.findByRole("button", { name: "Buy Bundle" }));
    await findStepHeading("Where would you like your lessons?");
    // studentProfile(): Parramatta, SOME_EXPERIENCE, AUTOMATIC.
    await waitFor(() => expect(screen.getByRole("radio", { name: "Parramatta" })).toBeChecked());
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await findStepHeading("Tell us about your driving");
    expect(screen.getByRole("radio", { name: /some experience/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Question 2 of 5")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Automatic/ })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: /Manual/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Question 3 of 5")).toBeInTheDocument();
    expect(storedDraft()).toMatchObject({
      suburb: "Parramatta",
      assessmentData: { experienceLevel: "some_experience", licenseType: "manual" },
    });
  });
});
