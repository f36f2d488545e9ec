/**
 * The assessment kept with the account (issue 23): the wizard starts from the one saved when the student
 * last booked, and keeps the answers with the account as the student pays.
 */
import type { StudentAssessmentResponse } from "@kerb/shared";
import { addDaysToDate } from "@kerb/shared/rules";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { renderApp } from "@/test/render";
import { checkout, payBatchInvoice, useFakeClock } from "./invoice-test-utils";
import { findStepHeading, keepaliveRoute, signedIn, storedDraft, today } from "./wizard-test-utils";

afterEach(() => {
  vi.useRealTimers();
});

function saved(overrides: Partial<StudentAssessmentResponse> = {}): StudentAssessmentResponse {
  return {
    experienceLevel: "SOME_EXPERIENCE",
    licenseType: "MANUAL",
    targetTestDate: addDaysToDate(today(), 40),
    focusSkills: ["Roundabouts", "Hill Starts"],
    assessedAt: new Date().toISOString(),
    dateOfBirth: "2008-03-01",
    ...overrides,
  };
}

async function chooseSuburb(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Buy Bundle" }));
  await findStepHeading("Where would you like your lessons?");
  await user.click(screen.getByRole("radio", { name: "Parramatta" }));
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await findStepHeading("Tell us about your driving");
}

describe("The assessment kept with the account", () => {
  it("pre-fills the test date and focus skills saved when the student last booked", async () => {
    const kept = saved();
    mockFetch({ ...keepaliveRoute, "GET /api/student/assessment": jsonResponse(200, kept) });
    const { user } = renderApp("/student/book", signedIn);
    await chooseSuburb(user);

    expect(storedDraft()?.assessmentData).toMatchObject({
      targetDate: kept.targetTestDate,
      specificSkills: ["Roundabouts", "Hill Starts"],
    });
    await user.click(await screen.findByRole("radio", { name: /some experience/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("radio", { name: /Manual/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByLabelText("Target test date (optional)")).toHaveValue(kept.targetTestDate);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("checkbox", { name: "Roundabouts" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Hill Starts" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Night Driving" })).not.toBeChecked();
  });

  it("leaves out a saved test date that has passed", async () => {
    mockFetch({
      ...keepaliveRoute,
      "GET /api/student/assessment": jsonResponse(200, saved({ targetTestDate: addDaysToDate(today(), -3) })),
    });
    const { user } = renderApp("/student/book", signedIn);
    await chooseSuburb(user);
    expect(storedDraft()?.assessmentData).toMatchObject({
      targetDate: null,
      specificSkills: ["Roundabouts", "Hill Starts"],
    });
  });

  it("keeps the wizard's answers with the account as the student pays, before the payment opens", async () => {
    const { advanceTimers } = useFakeClock();
    const order: string[] = [];
    const { callsTo } = mockFetch({
      ...keepaliveRoute,
      "PUT /api/student/assessment": () => {
        order.push("assessment");
        return jsonResponse(200, saved());
      },
      "POST /api/student/bookings/batch": () => {
        order.push("payment");
        return checkout();
      },
    });
    await payBatchInvoice({ advanceTimers });
    await waitFor(() => expect(order).toEqual(["assessment", "payment"]));
    // The wizard's lowercase answers in the API's words; no date of birth (the account page's).
    expect(callsTo("PUT", "/api/student/assessment")[0]?.body).toEqual({
      experienceLevel: "SOME_EXPERIENCE",
      licenseType: "AUTOMATIC",
      targetTestDate: null,
      focusSkills: [],
    });
  });

  it("pays all the same when the assessment cannot be kept", async () => {
    const { advanceTimers } = useFakeClock();
    const { callsTo } = mockFetch({
      ...keepaliveRoute,
      "PUT /api/student/assessment": jsonResponse(500, { error: { code: "internal", message: "Down" } }),
      "POST /api/student/bookings/batch": () => checkout(),
    });
    await payBatchInvoice({ advanceTimers });
    await waitFor(() => expect(callsTo("POST", "/api/student/bookings/batch")).toHaveLength(1));
    // The payment goes on to its processing step: nothing is said about the assessment.
    expect(
      await screen.findByText("Processing your payment… Please keep this page open."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Payment failed. Please try again.")).not.toBeInTheDocument();
  });
});
