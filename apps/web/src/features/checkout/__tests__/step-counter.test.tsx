import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";
import {
  bundleInvoiceDraft,
  findStepHeading,
  listing,
  rateOptionDraft,
  resumeDraft,
  signedIn,
  wizardRoutes,
} from "./wizard-test-utils";

const progress = () => screen.getByRole("progressbar", { name: "Booking progress" });
const stepText = () => progress().getAttribute("aria-valuetext");

const olivia = listing({ firstName: "Olivia", lastName: "Brown" });

// Where both Flow B counts start: the booking-option step, in Parramatta.
const parramattaRateOptionDraft = { ...rateOptionDraft, suburb: "Parramatta" };

function routes() {
  return wizardRoutes({ instructors: [olivia], days: [1, 1], bookings: [] });
}

describe("Step counter: one honest count per path", () => {
  it("gives step 1 the range of the paths still open, the same on every visit, then the chosen path's total", async () => {
    routes();
    const { user } = renderApp("/student/book", signedIn);
    await findStepHeading("How would you like to book?");
    expect(stepText()).toBe("Step 1 of 5 to 7: Booking type");
    expect(screen.getByText("Step 1 of 5 to 7: Booking type")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Buy Bundle" }));
    await findStepHeading("Where would you like your lessons?");
    expect(stepText()).toBe("Step 2 of 5: Suburb");
    expect(progress()).toHaveAttribute("aria-valuemax", "5");

    await user.click(screen.getByRole("button", { name: "Back" }));
    await findStepHeading("How would you like to book?");
    // Back on step 1 with Flow A chosen: its count, not a blank.
    expect(stepText()).toBe("Step 1 of 5: Booking type");
  });

  it("counts Flow B with a picked instructor as seven screens: Booking option and Instructor are steps 4 and 5", async () => {
    routes();
    const { user } = resumeDraft(parramattaRateOptionDraft);
    await findStepHeading("Choose your booking option");
    // Not chosen yet: six screens with Pool Hours, seven with a picked instructor.
    expect(stepText()).toBe("Step 4 of 6 or 7: Booking option");

    await user.click(screen.getByRole("radio", { name: /Pick Instructor/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Choose your instructor");
    expect(stepText()).toBe("Step 5 of 7: Instructor");

    await user.click(await screen.findByRole("button", { name: /^Select Olivia Brown/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Pick your lesson times");
    expect(stepText()).toBe("Step 6 of 7: Lesson times");
    expect(progress()).toHaveAttribute("aria-valuemax", "7");

    // Switching to Pool Hours changes the path: it has no instructor screen.
    await user.click(await screen.findByRole("button", { name: "Switch to Pool Hours" }));
    expect(stepText()).toBe("Step 5 of 6: Lesson times");
    expect(progress()).toHaveAttribute("aria-valuemax", "6");
  });

  it("counts Flow B with Pool Hours as six screens", async () => {
    routes();
    const { user } = resumeDraft(parramattaRateOptionDraft);
    await findStepHeading("Choose your booking option");
    await user.click(screen.getByRole("radio", { name: /Pool Hours/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Pick your lesson times");
    expect(stepText()).toBe("Step 5 of 6: Lesson times");
  });

  it("counts Flow A's invoice as its last step", async () => {
    routes();
    resumeDraft(bundleInvoiceDraft);
    await findStepHeading("Review your bundle and pay");
    expect(stepText()).toBe("Step 5 of 5: Invoice");
  });
});
