import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";
import {
  completeAssessment,
  findStepHeading,
  resumeDraft,
  seedDraft,
  signedIn,
  slotAt,
  storedDraft,
  today,
  wizardRoutes,
} from "./wizard-test-utils";

type Router = ReturnType<typeof renderApp>["router"];

const FLOW = "How would you like to book?";
const SUBURB = "Where would you like your lessons?";
const ASSESSMENT = "Tell us about your driving";

/** The browser's Back (-1) and Forward (1) buttons. */
const browser = (router: Router, delta: -1 | 1) => act(() => router.navigate(delta));
const search = (router: Router) => Object.fromEntries(new URLSearchParams(router.state.location.search));

function routes() {
  return wizardRoutes(
    { days: [1, 0], slots: () => [], instructors: [] },
    { "GET /api/student/profile": { status: 404, body: { error: { code: "not_found", message: "x" } } } },
  );
}

describe("Wizard steps in the browser history", () => {
  it("moves between steps with the browser's Back and Forward, keeping the answers", async () => {
    routes();
    const { user, router } = renderApp("/student/book", signedIn);
    await findStepHeading(FLOW);
    await user.click(screen.getByRole("button", { name: "Buy Bundle" }));
    await findStepHeading(SUBURB);
    expect(search(router)).toMatchObject({ step: "suburb_selection" });
    await user.click(screen.getByRole("radio", { name: "Parramatta" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading(ASSESSMENT);
    expect(search(router)).toMatchObject({ step: "assessment", question: "1" });

    await browser(router, -1);
    await findStepHeading(SUBURB);
    expect(screen.getByRole("radio", { name: "Parramatta" })).toBeChecked();
    await browser(router, -1);
    await findStepHeading(FLOW);
    expect(screen.getByText("Your current choice")).toBeInTheDocument();

    await browser(router, 1);
    await findStepHeading(SUBURB);
    await browser(router, 1);
    await findStepHeading(ASSESSMENT);
    expect(storedDraft()).toMatchObject({ flow: "bundle", suburb: "Parramatta", currentStep: "assessment" });
  });

  it("gives each assessment question its own entry", async () => {
    routes();
    const { user, router } = resumeDraft({
      flow: "bundle",
      currentStep: "assessment",
      suburb: "Bondi",
      assessmentStep: 1,
    });
    await findStepHeading(ASSESSMENT);
    await user.click(screen.getByRole("radio", { name: /never driven/i }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("heading", { name: /license/i })).toBeInTheDocument();
    expect(search(router)).toMatchObject({ step: "assessment", question: "2" });

    await browser(router, -1);
    expect(await screen.findByRole("radio", { name: /never driven/i })).toBeChecked();
    expect(search(router)).toMatchObject({ step: "assessment", question: "1" });
  });

  it("treats the page's own Back like the browser's, so Forward returns", async () => {
    routes();
    const { user, router } = renderApp("/student/book", signedIn);
    await user.click(await screen.findByRole("button", { name: "Multi-Select Booking" }));
    await findStepHeading(SUBURB);
    await user.click(screen.getByRole("button", { name: "Back" }));
    await findStepHeading(FLOW);
    await browser(router, 1);
    await findStepHeading(SUBURB);
  });

  it("falls back to the first step the saved answers allow when a link skips ahead", async () => {
    routes();
    const { router } = renderApp("/student/book?resume=true&step=invoice", signedIn);
    await findStepHeading(FLOW);
    await waitFor(() => expect(search(router)).toMatchObject({ step: "flow_selection" }));
  });

  it("falls back to the first unanswered question when the draft has no assessment yet", async () => {
    routes();
    seedDraft({ flow: "multi_select", currentStep: "suburb_selection", suburb: "Manly" });
    const { router } = renderApp("/student/book?resume=true&step=slot_selection", signedIn);
    await findStepHeading(ASSESSMENT);
    await waitFor(() => expect(search(router)).toMatchObject({ step: "assessment", question: "1" }));
  });

  it("opens the step a link names when the draft allows it, and the saved step for an unknown name", async () => {
    routes();
    const draft = {
      flow: "multi_select",
      currentStep: "invoice",
      suburb: "Parramatta",
      assessmentData: completeAssessment,
      rateOption: "pool_hours",
      selectedSlots: [slotAt(today(), 23)],
    };
    seedDraft(draft);
    const first = renderApp("/student/book?resume=true&step=slot_selection", signedIn);
    await findStepHeading("Pick your lesson times");
    first.unmount();

    seedDraft(draft);
    const { router } = renderApp("/student/book?resume=true&step=somewhere", signedIn);
    await findStepHeading("Review your booking and pay");
    await waitFor(() => expect(search(router)).toMatchObject({ step: "invoice" }));
  });

  it("asks before starting over when the navbar's Book Lessons is followed in the middle of a booking", async () => {
    routes();
    const { user } = renderApp("/student/book", signedIn);
    await user.click(await screen.findByRole("button", { name: "Buy Bundle" }));
    await findStepHeading(SUBURB);
    expect(storedDraft()).not.toBeNull();
    await user.click(screen.getByRole("link", { name: "Book Lessons" }));
    await findStepHeading("You have an unfinished booking");
    expect(storedDraft()).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Start a new booking" }));
    await findStepHeading(FLOW);
    expect(screen.queryByText("Your current choice")).not.toBeInTheDocument();
    await waitFor(() => expect(storedDraft()).toBeNull());
  });
});
