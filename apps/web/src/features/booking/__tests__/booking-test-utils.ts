import type {
  AvailabilitySummary,
  DaySummary,
  InstructorListing,
  Slot,
  StudentProfileBooking,
} from "@kerb/shared";
import { addDaysToDate, eachDateInRange, sydneyTodayDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { screen } from "@testing-library/react";
import { beforeAll } from "vitest";
import { BOOKING_DRAFT_KEY } from "@/lib/booking-draft";
import { jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { preloadAllSteps } from "../components/wizard-lazy-steps";

// The wizard loads its later steps as separate chunks (wizard-lazy-steps.tsx). These tests are about
// the steps, not about chunk loading (e2e covers that): every step's code is here before each file runs.
beforeAll(() => preloadAllSteps());

export const signedIn = { session: sessionFor(studentUser) };

export const today = () => sydneyTodayDate(new Date());

/** Every wizard step past the first extends the session; tests answer it unless they say otherwise. */
export const keepaliveRoute = {
  "POST /api/auth/extend-session": () =>
    jsonResponse(200, {
      accessToken: "access-extended",
      expiresAt: new Date(Date.now() + 900_000).toISOString(),
    }),
};

let idCounter = 0;
export function listing(overrides: Partial<InstructorListing> = {}): InstructorListing {
  idCounter++;
  return {
    id: `c0000000-0000-4000-8000-${String(idCounter).padStart(12, "0")}`,
    firstName: "Ivy",
    lastName: `Teacher${idCounter}`,
    gender: "FEMALE",
    rating: 4.5,
    ratingCount: 10,
    bio: "Patient and calm.",
    languages: ["English"],
    suburbs: ["Parramatta"],
    vehicleType: "AUTOMATIC",
    standardRate: 80,
    poolRate: 52,
    poolOptIn: true,
    score: 50,
    ...overrides,
  };
}

/** A 30-day summary from today; `day(index, date)` gives [pool, standard] counts for each date. */
export function summary(day: (index: number, date: string) => [number, number]): AvailabilitySummary {
  const start = today();
  const result: AvailabilitySummary = {};
  eachDateInRange(start, addDaysToDate(start, 29)).forEach((date, index) => {
    const [poolHours, standardHours] = day(index, date);
    const totalSlots = poolHours + standardHours;
    result[date] = {
      hasAvailability: totalSlots > 0,
      poolHours,
      standardHours,
      totalSlots,
    } satisfies DaySummary;
  });
  return result;
}

/** A 60-minute slot at `hour` o'clock Sydney time on `date`. */
export function slotAt(date: string, hour: number, overrides: Partial<Slot> = {}): Slot {
  const start = sydneyWallTimeToInstant(date, hour * 60) as Date;
  return {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    instructorId: null,
    instructorName: "Auto-assigned pool instructor",
    price: 52,
    isPoolHours: true,
    ...overrides,
  };
}

export function query(request: MockRequest): URLSearchParams {
  return new URL(request.path, "http://localhost").searchParams;
}

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

/** Flow B at the slot step: Pool Hours in Parramatta, nothing chosen yet. */
export const slotStepDraft = {
  flow: "multi_select",
  currentStep: "slot_selection",
  suburb: "Parramatta",
  assessmentData: completeAssessment,
  rateOption: "pool_hours",
  selectedSlots: [],
};

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
