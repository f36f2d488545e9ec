/**
 * "Your driving assessment" on the student's account page (issue 23): the assessment kept when they
 * booked, editable, with the optional date of birth the NSW logbook needs.
 */
import type { StudentAccount, StudentAssessmentResponse } from "@kerb/shared";
import { addDaysToDate } from "@kerb/shared/rules";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { today } from "@/test/booking-fixtures";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const account: StudentAccount = {
  id: studentUser.id,
  email: studentUser.email,
  pendingEmail: null,
  firstName: "Sam",
  lastName: "Learner",
  phone: "0400 000 000",
  suburb: "Parramatta",
  licenseType: "AUTOMATIC",
};

const kept: StudentAssessmentResponse = {
  experienceLevel: "SOME_EXPERIENCE",
  licenseType: "AUTOMATIC",
  targetTestDate: null,
  focusSkills: ["Roundabouts"],
  assessedAt: "2026-11-01T00:00:00.000Z",
  dateOfBirth: null,
};

function openAccount(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({
    // Saving refreshes the account (the licence type is the profile's too): answered each time.
    "GET /api/student/account": () => jsonResponse(200, account),
    "GET /api/student/assessment": () => jsonResponse(200, kept),
    "GET /api/student/profile": () => apiError(500, "internal_error", "not under test"),
    ...routes,
  });
  return { ...fetch, ...renderApp("/student/account", { session: sessionFor(studentUser) }) };
}

describe("Your driving assessment", () => {
  it("shows what was kept and saves the edits, date of birth included", async () => {
    const testDate = addDaysToDate(today(), 30);
    const { user, callsTo } = openAccount({
      "PUT /api/student/assessment": (request) =>
        jsonResponse(200, { ...kept, ...(request.body as object), assessedAt: new Date().toISOString() }),
    });
    const form = await screen.findByRole("form", { name: "Your driving assessment" });
    expect(within(form).getByLabelText("Driving experience")).toHaveValue("SOME_EXPERIENCE");
    expect(within(form).getByRole("checkbox", { name: "Roundabouts" })).toBeChecked();

    await user.selectOptions(within(form).getByLabelText("Licence type"), "MANUAL");
    fireEvent.change(within(form).getByLabelText("Target test date (optional)"), {
      target: { value: testDate },
    });
    fireEvent.change(within(form).getByLabelText("Date of birth (optional)"), {
      target: { value: "2008-03-01" },
    });
    await user.click(within(form).getByRole("checkbox", { name: "Highway Driving" }));
    await user.click(within(form).getByRole("button", { name: "Save assessment" }));

    expect(await within(form).findByText(/Your assessment has been saved/)).toBeInTheDocument();
    expect(callsTo("PUT", "/api/student/assessment")[0]?.body).toEqual({
      experienceLevel: "SOME_EXPERIENCE",
      licenseType: "MANUAL",
      targetTestDate: testDate,
      focusSkills: ["Roundabouts", "Highway Driving"],
      dateOfBirth: "2008-03-01",
    });
  });

  it("says what is wrong with a test date in the past or a date of birth under 15, before sending", async () => {
    const { user, callsTo } = openAccount();
    const form = await screen.findByRole("form", { name: "Your driving assessment" });
    fireEvent.change(within(form).getByLabelText("Target test date (optional)"), {
      target: { value: addDaysToDate(today(), -1) },
    });
    fireEvent.change(within(form).getByLabelText("Date of birth (optional)"), {
      target: { value: addDaysToDate(today(), -365 * 10) },
    });
    await user.click(within(form).getByRole("button", { name: "Save assessment" }));
    expect(within(form).getByText("Your test date can't be in the past.")).toBeInTheDocument();
    expect(within(form).getByText(/Learners must be at least 15/)).toBeInTheDocument();
    expect(callsTo("PUT", "/api/student/assessment")).toHaveLength(0);
  });

  it("puts the server's refusal on its field", async () => {
    const { user } = openAccount({
      "PUT /api/student/assessment": apiError(
        400,
        "validation_error",
        "Your date of birth can't be in the future.",
        [{ path: "dateOfBirth", message: "Your date of birth can't be in the future." }],
      ),
    });
    const form = await screen.findByRole("form", { name: "Your driving assessment" });
    fireEvent.change(within(form).getByLabelText("Date of birth (optional)"), {
      target: { value: "2008-03-01" },
    });
    await user.click(within(form).getByRole("button", { name: "Save assessment" }));
    const field = within(form).getByLabelText("Date of birth (optional)");
    expect(await within(form).findByText("Your date of birth can't be in the future.")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
  });
});
