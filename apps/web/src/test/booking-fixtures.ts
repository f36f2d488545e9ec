import type { AvailabilitySummary, DaySummary, InstructorListing, Slot } from "@kerb/shared";
import { addDaysToDate, eachDateInRange, sydneyTodayDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import type { MockRequest } from "@/test/fetch-mock";
import { sessionFor, studentUser } from "@/test/fixtures";

// What the booking screens' tests share (the wizard, Use Bundle, Reschedule): a signed-in student, the
// suburb's instructors, the calendar's summary and a day's times.

export const signedIn = { session: sessionFor(studentUser) };

export const today = () => sydneyTodayDate(new Date());

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
    lessonLengths: [60],
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
