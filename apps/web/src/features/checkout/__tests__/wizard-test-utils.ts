import type { AvailabilitySummary, InstructorListing, StudentProfileBooking } from "@kerb/shared";
import { screen } from "@testing-library/react";
import { beforeAll } from "vitest";
import { BOOKING_DRAFT_KEY } from "@/lib/booking-draft";
import { listing, query, signedIn, slotAt, summary, today } from "@/test/booking-fixtures";
import { jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import * as wizardSteps from "../components/wizard-lazy-steps";

export { listing, query, signedIn, slotAt, summary, today };

// The wizard loads its later steps as separate chunks (wizard-lazy-steps.tsx). These tests are about
// the steps, not about chunk loading (e2e covers that): every step's code is here before each file runs.
beforeAll(() =>
  Promise.all(Object.values(wizardSteps).flatMap((step) => ("preload" in step ? [step.preload()] : []))),
);

/** The invoice number the server issues as the invoice screen opens. */
export const openedInvoice = {
  invoice: { number: "KRB-20261125-7QH3XK", key: "signed-for-this-student" },
  issuedOn: "25/11/2026",
  supplier: { name: "Kerb Driving Pty Ltd", abn: "51 824 753 556" },
  isDemoSupplier: false,
};

/**
 * Every wizard step past the first extends the session, and the invoice screen numbers its invoice;
 * tests answer both unless they say otherwise.
 */
export const keepaliveRoute = {
  "POST /api/auth/extend-session": () =>
    jsonResponse(200, {
      accessToken: "access-extended",
      expiresAt: new Date(Date.now() + 900_000).toISOString(),
    }),
  "POST /api/student/invoices": () => jsonResponse(200, openedInvoice),
};

export function seedDraft(fields: Record<string, unknown>, ageMinutes = 0) {
  window.localStorage.setItem(
    BOOKING_DRAFT_KEY,
    JSON.stringify({ timestamp: Date.now() - ageMinutes * 60_000, ...fields }),
  );
}

export function storedDraft(): Record<string, unknown> | null {
  const raw = window.localStorage.getItem(BOOKING_DRAFT_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

export const completeAssessment = {
  experienceLevel: "some_experience",
  licenseType: "automatic",
  targetDate: null,
  specificSkills: [],
  estimatedLessons: 10,
  language: "English",
};

export async function findStepHeading(name: string | RegExp) {
  return screen.findByRole("heading", { level: 1, name });
}

/** Opens the wizard on a draft saved `ageMinutes` ago, as its Resume link does. */
export function resumeDraft(
  fields: Record<string, unknown>,
  { ageMinutes, advanceTimers }: { ageMinutes?: number; advanceTimers?: (ms: number) => unknown } = {},
) {
  seedDraft(fields, ageMinutes);
  return renderApp("/student/book?resume=true", { ...signedIn, advanceTimers });
}

/** Flow B at the booking-option step in Manly: Pool Hours or Pick Instructor not chosen yet. */
export const rateOptionDraft = {
  flow: "multi_select",
  currentStep: "rate_instructor_option",
  suburb: "Manly",
  assessmentData: completeAssessment,
  selectedInstructor: null,
  rateOption: null,
  selectedSlots: [],
  selectedDate: null,
};

/** Flow B at the slot step: Pool Hours in Parramatta, nothing chosen yet. */
export const slotStepDraft = {
  flow: "multi_select",
  currentStep: "slot_selection",
  suburb: "Parramatta",
  assessmentData: completeAssessment,
  rateOption: "pool_hours",
  selectedSlots: [],
};

/** The draft's `selectedInstructor` once the student has picked this listed instructor themselves. */
export function pickedInstructor(
  instructor: Pick<InstructorListing, "id" | "firstName" | "lastName" | "standardRate" | "poolRate">,
) {
  const { id, firstName, lastName, standardRate, poolRate } = instructor;
  return { id, firstName, lastName, standardRate, poolRate, autoMatch: false };
}

/** Flow A at the invoice: a bundle in Bondi with an auto-matched instructor. */
export const bundleInvoiceDraft = {
  flow: "bundle",
  currentStep: "invoice",
  suburb: "Bondi",
  assessmentData: completeAssessment,
  selectedInstructor: { id: null, firstName: "Auto-matched", lastName: "instructor", autoMatch: true },
};

export type WizardApi = {
  /** Every day's [pool, standard] counts, or a whole summary. */
  days?: [number, number] | AvailabilitySummary;
  slots?: (request: MockRequest) => unknown[];
  instructors?: InstructorListing[];
  /** The student's own lessons, in their profile. */
  bookings?: StudentProfileBooking[];
};

/**
 * The API behind the wizard's steps, answering only what is given (anything else still fails the test):
 * the session keepalive, the calendar, a day's times, the suburb's instructors and the student's lessons.
 */
export function wizardRoutes(
  { days, slots, instructors, bookings }: WizardApi,
  more: Parameters<typeof mockFetch>[0] = {},
) {
  const calendar = Array.isArray(days) ? () => summary(() => days) : () => days;
  return mockFetch({
    ...keepaliveRoute,
    ...(days ? { "GET /api/student/availability-summary": () => jsonResponse(200, calendar()) } : {}),
    ...(slots
      ? { "GET /api/student/slots": (request: MockRequest) => jsonResponse(200, slots(request)) }
      : {}),
    ...(instructors ? { "GET /api/student/instructors": jsonResponse(200, instructors) } : {}),
    ...(bookings
      ? { "GET /api/student/profile": jsonResponse(200, studentProfile(Date.now(), { bookings })) }
      : {}),
    ...more,
  });
}

/** The running selection beside the slot step's calendar. */
export const selectionPanel = () => screen.getByRole("complementary", { name: "Your selection" });
