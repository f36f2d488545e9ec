import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authStore } from "@/lib/auth-store";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { renderApp } from "@/test/render";
import {
  bundleInvoiceDraft,
  completeAssessment,
  findStepHeading,
  keepaliveRoute,
  rateOptionDraft,
  resumeDraft,
  seedDraft,
  signedIn,
  slotAt,
  storedDraft,
  today,
  wizardRoutes,
} from "./wizard-test-utils";

afterEach(() => {
  vi.useRealTimers();
});

describe("Booking option step", () => {
  it("offers Pool Hours or Pick Instructor, says both can be mixed, and needs a choice", async () => {
    wizardRoutes({ days: [1, 0] });
    const { user } = resumeDraft(rateOptionDraft);
    await findStepHeading("Choose your booking option");
    expect(screen.getByRole("radio", { name: /Pool Hours/ })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Pick Instructor/ })).toBeInTheDocument();
    expect(screen.getByText("You can mix both")).toBeInTheDocument();
    const continueButton = screen.getByRole("button", { name: "Continue" });
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: /Pool Hours/ }));
    await user.click(continueButton);
    await findStepHeading("Pick your lesson times");
    expect(storedDraft()).toMatchObject({ currentStep: "slot_selection", rateOption: "pool_hours" });
  });
});

describe("Booking draft", () => {
  it("restores a saved draft with resume=true, with every §3 field", async () => {
    const slot = slotAt(today(), 23);
    mockFetch(keepaliveRoute);
    seedDraft({ ...rateOptionDraft, selectedSlots: [slot], selectedDate: today() });
    const { user } = renderApp("/student/book-lessons?resume=true", signedIn);
    await findStepHeading("Choose your booking option");
    expect(screen.getByRole("progressbar", { name: "Booking progress" })).toHaveAttribute(
      "aria-valuenow",
      "4",
    );
    await user.click(screen.getByRole("radio", { name: /Pick Instructor/ }));
    mockFetch({ ...keepaliveRoute, "GET /api/student/instructors": { body: [] } });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Choose your instructor");

    const draft = storedDraft();
    expect(draft).toMatchObject({
      flow: "multi_select",
      currentStep: "instructor_selection",
      suburb: "Manly",
      assessmentData: completeAssessment,
      selectedInstructor: null,
      rateOption: "pick_instructor",
      selectedSlots: [slot],
      selectedDate: today(),
    });
    expect(typeof draft?.timestamp).toBe("number");
  });

  it("ignores and removes a draft older than 2 hours", async () => {
    mockFetch(keepaliveRoute);
    resumeDraft(rateOptionDraft, { ageMinutes: 121 });
    await findStepHeading("How would you like to book?");
    expect(screen.getByRole("button", { name: "Buy Bundle" })).toBeInTheDocument();
    expect(storedDraft()).toBeNull();
  });

  it("warns once the draft is more than 90 minutes old, with the minutes left", async () => {
    mockFetch(keepaliveRoute);
    resumeDraft(rateOptionDraft, { ageMinutes: 95 });
    expect(await screen.findByText("Your saved booking will expire soon")).toBeInTheDocument();
    expect(screen.getByText(/It expires in 25 minutes\./)).toBeInTheDocument();
  });

  it("does not warn about a young draft", async () => {
    mockFetch(keepaliveRoute);
    resumeDraft(rateOptionDraft, { ageMinutes: 89 });
    await findStepHeading("Choose your booking option");
    expect(screen.queryByText("Your saved booking will expire soon")).not.toBeInTheDocument();
  });

  it("names an unknown step and offers Start Over", async () => {
    mockFetch(keepaliveRoute);
    const { user } = resumeDraft({ ...rateOptionDraft, currentStep: "bogus" });
    expect(await screen.findByText("Unknown booking step:")).toBeInTheDocument();
    expect(screen.getByText("bogus")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Start Over" }));
    await findStepHeading("How would you like to book?");
    expect(screen.getByRole("button", { name: "Buy Bundle" })).toBeInTheDocument();
    expect(storedDraft()).toBeNull();
  });

  it.each(["review_bundle", "bundle_purchase", "payment"])(
    "resumes the old step name %s at the invoice",
    async (step) => {
      mockFetch(keepaliveRoute);
      resumeDraft({
        flow: "bundle",
        currentStep: step,
        suburb: "Bondi",
        assessmentData: completeAssessment,
        selectedInstructor: { id: null, firstName: "Auto-matched", lastName: "instructor", autoMatch: true },
      });
      await findStepHeading("Review your bundle and pay");
    },
  );

  it("falls back to the first step still missing an answer", async () => {
    mockFetch(keepaliveRoute);
    resumeDraft({ flow: "multi_select", currentStep: "invoice", suburb: "Bondi", assessmentData: {} });
    await findStepHeading("Tell us about your driving");
    expect(screen.getByText("Question 1 of 5")).toBeInTheDocument();
  });

  it("clears a completed draft when the page unloads", async () => {
    mockFetch(keepaliveRoute);
    renderApp("/student/book", signedIn);
    await findStepHeading("How would you like to book?");
    // The layout listens from an effect, which a busy machine may run after the heading shows.
    await waitFor(() => {
      seedDraft({ ...rateOptionDraft, currentStep: "completed" });
      fireEvent(window, new Event("pagehide"));
      expect(storedDraft()).toBeNull();
    });

    seedDraft(rateOptionDraft);
    fireEvent(window, new Event("pagehide"));
    expect(storedDraft()).not.toBeNull();
  });
});

describe("Booking keepalive", () => {
  it("extends the session on entering a step and keeps the new access token", async () => {
    const { callsTo } = mockFetch(keepaliveRoute);
    resumeDraft(rateOptionDraft);
    await findStepHeading("Choose your booking option");
    await waitFor(() => expect(callsTo("POST", "/api/auth/extend-session")).toHaveLength(1));
    expect(callsTo("POST", "/api/auth/extend-session")[0]?.headers.get("Authorization")).toBe(
      "Bearer access-1",
    );
    await waitFor(() => expect(authStore.getState()?.accessToken).toBe("access-extended"));
    expect(authStore.getState()?.refreshToken).toBe("refresh-1");
  });

  it("repeats every 30 seconds on the invoice and stops for good after a failure, only logging it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    let attempts = 0;
    const { callsTo } = mockFetch({
      "POST /api/auth/extend-session": () =>
        ++attempts < 3
          ? jsonResponse(200, { accessToken: `access-${attempts + 1}`, expiresAt: new Date().toISOString() })
          : apiError(503, "service_unavailable", "Try later"),
    });
    resumeDraft(bundleInvoiceDraft);
    await findStepHeading("Review your bundle and pay");
    await waitFor(() => expect(callsTo("POST", "/api/auth/extend-session")).toHaveLength(1));

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(callsTo("POST", "/api/auth/extend-session")).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(callsTo("POST", "/api/auth/extend-session")).toHaveLength(3));
    await waitFor(() => expect(log).toHaveBeenCalledOnce());

    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(callsTo("POST", "/api/auth/extend-session")).toHaveLength(3);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
