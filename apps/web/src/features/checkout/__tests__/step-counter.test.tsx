import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";
import {
  bundleInvoiceDraft,
  completeAssessment,
  findStepHeading,
  listing,
  resumeDraft,
  signedIn,
  wizardRoutes,
} from "./wizard-test-utils";

const progress = () => screen.getByRole("progressbar", { name: "Booking progress" });
const stepText = () => progress().getAttribute("aria-valuetext");

const olivia = listing({ firstName: "Olivia", lastName: "Brown" });

function routes() {
  return wizardRoutes({ instructors: [olivia], days: [1, 1], bookings: [] });
}

describe("Step counter", () => {
  it("names only the step while the flow is still open, then keeps the flow's total", async () => {
    routes();
    const { user } = renderApp("/student/book", signedIn);
    await findStepHeading("How would you like to book?");
    expect(stepText()).toBe("Step 1: Booking type");

    await user.click(screen.getByRole("button", { name: "Buy Bundle" }));
    await findStepHeading("Where would you like your lessons?");
    expect(stepText()).toBe("Step 2 of 5: Suburb");
    expect(progress()).toHaveAttribute("aria-valuemax", "5");
  });

  it("keeps Flow B at six steps whether the student picks an instructor or switches to Pool Hours", async () => {
    routes();
    const { user } = resumeDraft({
      flow: "multi_select",
      currentStep: "rate_instructor_option",
      suburb: "Parramatta",
      assessmentData: completeAssessment,
    });
    await findStepHeading("Choose your booking option");
    expect(stepText()).toBe("Step 4 of 6: Booking option");

    await user.click(screen.getByRole("radio", { name: /Pick Instructor/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Choose your instructor");
    expect(stepText()).toBe("Step 4 of 6: Instructor");

    await user.click(await screen.findByRole("button", { name: /^Select Olivia Brown/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Pick your lesson times");
    expect(stepText()).toBe("Step 5 of 6: Lesson times");

    await user.click(await screen.findByRole("button", { name: "Switch to Pool Hours" }));
    expect(stepText()).toBe("Step 5 of 6: Lesson times");
    expect(progress()).toHaveAttribute("aria-valuemax", "6");
  });

  it("counts Flow A's invoice as its last step", async () => {
    routes();
    resumeDraft(bundleInvoiceDraft);
    await findStepHeading("Review your bundle and pay");
    expect(stepText()).toBe("Step 5 of 5: Invoice");
  });
});
