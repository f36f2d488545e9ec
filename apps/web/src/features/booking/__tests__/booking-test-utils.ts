import type { AvailabilitySummary, DaySummary, InstructorListing, Slot } from "@kerb/shared";
import { addDaysToDate, eachDateInRange, sydneyTodayDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { screen } from "@testing-library/react";
import { BOOKING_DRAFT_KEY } from "@/lib/booking-draft";
import { jsonResponse, type MockRequest } from "@/test/fetch-mock";
import { sessionFor, studentUser } from "@/test/fixtures";

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
