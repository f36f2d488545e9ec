import type {
  AvailabilityChangeResponse,
  InstructorAvailability,
  InstructorDashboard,
  InstructorLesson,
} from "@kerb/shared";
import { centsToDollars, dollarsToCents, instructorEarningsCents } from "@kerb/shared/rules";
import { DAY, HOUR, iso } from "@/test/fixtures";

let nextId = 1;
const lessonId = () => `c0000000-0000-4000-8000-${String(nextId++).padStart(12, "0")}`;

export function lesson(overrides: Partial<InstructorLesson> = {}): InstructorLesson {
  const start = Date.now() + 2 * DAY;
  return {
    id: lessonId(),
    startTime: iso(start),
    endTime: iso(start + HOUR),
    status: "SCHEDULED",
    price: 85,
    isPoolHours: false,
    suburb: "Bondi",
    pickupLocation: "12 Campbell Pde",
    paidWithBundle: false,
    completedAt: null,
    cancelledAt: null,
    cancelledBy: null,
    refund: null,
    instructorShare: null,
    instructorShareGst: null,
    bundleCredit: null,
    // A scheduled lesson taught pays the share of its price; no GST unless the instructor is registered.
    payIfTaught:
      overrides.status && overrides.status !== "SCHEDULED"
        ? null
        : { earns: centsToDollars(instructorEarningsCents(dollarsToCents(overrides.price ?? 85))), gst: 0 },
    student: { firstName: "Sam", lastName: "Learner", phone: "0412 345 678" },
    studentId: "5a0f6d1e-2b3c-4d5e-8f90-1a2b3c4d5e6f",
    ...overrides,
  };
}

/** A lesson `hoursFromNow` away (negative: in the past), one hour long. */
export function lessonAt(hoursFromNow: number, overrides: Partial<InstructorLesson> = {}): InstructorLesson {
  const start = Date.now() + hoursFromNow * HOUR;
  return lesson({ startTime: iso(start), endTime: iso(start + HOUR), ...overrides });
}

export function dashboard(overrides: Partial<InstructorDashboard> = {}): InstructorDashboard {
  return {
    firstName: "Ivy",
    today: "2099-01-16",
    month: "2099-01",
    tiles: { todaysLessons: 2, thisWeek: 7, monthlyEarnings: 1234.5, standardRate: 85, poolRate: 55.25 },
    todaysSchedule: [],
    upcoming: [],
    details: {
      languages: ["English", "Mandarin"],
      suburbs: ["Bondi", "Manly"],
      vehicleType: "BOTH",
      poolOptIn: true,
      verificationStatus: "VERIFIED",
    },
    compliance: {
      verificationStatus: "VERIFIED",
      licenseExpiresOn: "2100-03-31",
      wwcExpiresOn: "2101-06-30",
      isListed: true,
      reasons: [],
      licenseExpiringSoon: false,
      wwcExpiringSoon: false,
    },
    ...overrides,
  };
}

export function availability(overrides: Partial<InstructorAvailability> = {}): InstructorAvailability {
  return {
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      ranges: weekday >= 1 && weekday <= 5 ? [{ start: "09:00", end: "17:00" }] : [],
    })),
    exceptions: [],
    poolOptIn: true,
    suburbs: ["Bondi", "Manly"],
    standardRate: 85,
    poolRate: 55.25,
    travelBufferMinutes: 0,
    minNoticeHours: 2,
    dailyLessonCap: null,
    teachesPublicHolidays: false,
    lessonLengths: [60],
    conflicts: [],
    ...overrides,
  };
}

export function change(
  next: InstructorAvailability,
  affected: AvailabilityChangeResponse["affectedBookings"] = [],
): AvailabilityChangeResponse {
  return {
    // As the API answers: the new availability carries the same lessons as its standing conflicts.
    availability: { ...next, conflicts: affected },
    affectedBookings: affected,
    warning:
      affected.length === 0
        ? null
        : "1 scheduled lesson no longer fits your hours or settings. It has NOT been cancelled: contact the student, or cancel from your lessons list (the student is refunded in full).",
  };
}
