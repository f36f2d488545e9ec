import { z } from "zod";
import {
  BOOKING_STATUSES,
  LEAVE_MAX_DAYS,
  LESSON_LENGTHS,
  LESSON_MINUTES,
  MAX_DAILY_LESSON_CAP,
  MAX_NOTICE_HOURS,
  MIN_NOTICE_HOURS,
  SUBURBS,
  TRAVEL_BUFFER_MAX_MINUTES,
  VEHICLE_TYPES,
} from "../constants.ts";
import { isLessonLength, lessonLengthChoices } from "../rules/lesson-lengths.ts";
import { daysBetween, isValidIsoDate } from "../rules/sydney-time.ts";
import { firstOverlap, holdsALesson, type MinuteWindow } from "../rules/working-hours.ts";
import { calendarDate, pageOf, pageQuery, safeText } from "./common.ts";
import { instructorComplianceStatus } from "./compliance.ts";
import { standardRateDollars, suburbName } from "./fields.ts";
import { learnerAssessment, lessonRecord } from "./learning.ts";
import { studentMoveProposal } from "./profiles.ts";
import { testPackSummary } from "./test-pack-outcomes.ts";

// Schemas of the instructor portal (/api/instructor/*). Money is in dollars, computed from cents.

// ---------------------------------------------------------------------------------------------------
// Wall-clock times

const TIME_PATTERN = /^(?:(?:[01]\d|2[0-3]):(?:00|30)|24:00)$/;
/** Sydney wall-clock time `HH:mm` on the hour or half-hour; `24:00` means the end of the day. */
export const timeOfDay = z
  .string({ error: "Time is required" })
  .regex(TIME_PATTERN, "Use HH:mm on the hour or half-hour, e.g. 09:00 or 17:30");

export function timeToMinutes(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const timeRange = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((r) => timeToMinutes(r.start) < timeToMinutes(r.end), {
    message: "End time must be after start time",
    path: ["end"],
  });
export type TimeRange = z.infer<typeof timeRange>;

/** A time range as minutes from midnight, for the shared working-hours rules. */
export function timeRangeWindow(range: TimeRange): MinuteWindow {
  return { startMinute: timeToMinutes(range.start), endMinute: timeToMinutes(range.end) };
}

// ---------------------------------------------------------------------------------------------------
// Availability and settings

export const weeklyDay = z.object({
  /** 0 = Sunday … 6 = Saturday. */
  weekday: z.number({ error: "weekday must be 0 (Sunday) to 6 (Saturday)" }).int().min(0).max(6),
  ranges: z.array(timeRange).max(12, "At most 12 ranges per day"),
});

/** PUT /api/instructor/availability/weekly: replaces every weekly range; a weekday left out is a day off. */
export const weeklyAvailabilityRequest = z
  .object({ weekly: z.array(weeklyDay).max(7) })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.weekly.forEach((day, index) => {
      const name = WEEKDAY_NAMES[day.weekday] ?? `weekday ${day.weekday}`;
      if (seen.has(day.weekday)) {
        ctx.addIssue({
          code: "custom",
          message: `${name} is listed twice`,
          path: ["weekly", index, "weekday"],
        });
      }
      seen.add(day.weekday);
      // The shared rule (touching ranges such as 09:00–12:00 and 12:00–15:00 are fine).
      const overlap = firstOverlap(day.ranges, timeRangeWindow);
      if (overlap) {
        const [a, b] = overlap;
        ctx.addIssue({
          code: "custom",
          message: `${name}: ${a.start}–${a.end} overlaps ${b.start}–${b.end}`,
          path: ["weekly", index, "ranges"],
        });
      }
    });
  });
export type WeeklyAvailabilityRequest = z.input<typeof weeklyAvailabilityRequest>;

export const EXCEPTION_KINDS = ["CLOSED", "OPEN"] as const;

/** Shown when no 60-minute lesson on the hour fits inside extra hours. */
export const TOO_SHORT_FOR_A_LESSON = `too short for a ${LESSON_MINUTES}-minute lesson (lessons start on the hour)`;
export const EXTRA_HOURS_TOO_SHORT = `These hours are ${TOO_SHORT_FOR_A_LESSON}`;

/**
 * POST /api/instructor/availability/exceptions. An override changes only the time it covers
 * (rules/working-hours.ts): CLOSED without start and end takes the whole date off (a day off); CLOSED
 * with start–end takes that time off; OPEN adds start–end to that date's hours (extra hours), and must
 * hold at least one 60-minute lesson on the hour. The server also refuses an override in the past.
 */
export const availabilityExceptionRequest = z
  .object({
    date: calendarDate,
    kind: z.enum(EXCEPTION_KINDS, {
      error: "kind must be CLOSED (a day off, or time off with start and end) or OPEN (extra hours)",
    }),
    start: timeOfDay.optional(),
    end: timeOfDay.optional(),
    note: safeText().trim().max(200, "Note is too long").optional(),
  })
  .superRefine((value, ctx) => {
    const { start, end } = value;
    if (value.kind === "CLOSED") {
      if (start === undefined && end === undefined) return;
      if (start === undefined || end === undefined) {
        ctx.addIssue({
          code: "custom",
          message: "Give both a start and an end time for time off, or neither for a whole day off",
          path: [start === undefined ? "start" : "end"],
        });
        return;
      }
    } else {
      if (start === undefined) {
        ctx.addIssue({ code: "custom", message: "Start time is required for extra hours", path: ["start"] });
      }
      if (end === undefined) {
        ctx.addIssue({ code: "custom", message: "End time is required for extra hours", path: ["end"] });
      }
      if (start === undefined || end === undefined) return;
    }
    // zod still runs this when a time itself was refused; that time already has its issue.
    if (!TIME_PATTERN.test(start) || !TIME_PATTERN.test(end)) return;
    const [from, to] = [timeToMinutes(start), timeToMinutes(end)];
    if (from >= to) {
      ctx.addIssue({ code: "custom", message: "End time must be after start time", path: ["end"] });
      return;
    }
    if (value.kind === "OPEN" && !holdsALesson(value.date, { startMinute: from, endMinute: to })) {
      ctx.addIssue({ code: "custom", message: EXTRA_HOURS_TOO_SHORT, path: ["end"] });
    }
  });
export type AvailabilityExceptionRequest = z.input<typeof availabilityExceptionRequest>;

/**
 * POST /api/instructor/availability/leave: a whole day off for every date from startDate to endDate
 * (both included, at most LEAVE_MAX_DAYS days). The server refuses leave that starts before today.
 */
export const leaveRequest = z
  .object({
    startDate: calendarDate,
    endDate: calendarDate,
    note: safeText().trim().max(200, "Note is too long").optional(),
  })
  .superRefine((value, ctx) => {
    // zod still runs this when a date itself was refused; that date already has its issue.
    if (!isValidIsoDate(value.startDate) || !isValidIsoDate(value.endDate)) return;
    const days = daysBetween(value.startDate, value.endDate) + 1;
    if (days < 1) {
      ctx.addIssue({
        code: "custom",
        message: "The last day of leave must not be before the first",
        path: ["endDate"],
      });
    } else if (days > LEAVE_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        message: `Leave can cover at most ${LEAVE_MAX_DAYS} days at a time`,
        path: ["endDate"],
      });
    }
  });
export type LeaveRequest = z.input<typeof leaveRequest>;

export const availabilityException = z.object({
  id: z.uuid(),
  date: z.string(),
  kind: z.enum(EXCEPTION_KINDS),
  /** Null for a whole day off (CLOSED without a window). */
  start: z.string().nullable(),
  end: z.string().nullable(),
  note: z.string().nullable(),
});
export type AvailabilityException = z.infer<typeof availabilityException>;

/** GET /api/instructor/availability. `weekly` always lists all 7 weekdays (empty ranges = day off). */
export const instructorAvailabilityResponse = z.object({
  weekly: z.array(z.object({ weekday: z.number().int(), ranges: z.array(timeRange) })),
  /** Exceptions dated today or later, in date order. */
  exceptions: z.array(availabilityException),
  poolOptIn: z.boolean(),
  suburbs: z.array(z.string()),
  /** Dollars per hour. */
  standardRate: z.number(),
  poolRate: z.number(),
  /** Minutes kept free between lessons on top of the drive between suburbs (0–60). */
  travelBufferMinutes: z.number().int(),
  /** Hours before a lesson that it can still be booked. */
  minNoticeHours: z.number().int(),
  /** The most lessons a day; null = no cap. */
  dailyLessonCap: z.number().int().nullable(),
  /** Whether students can book them on NSW public holidays (closed by default). */
  teachesPublicHolidays: z.boolean(),
  /** The lesson lengths offered, in minutes: 60 always, and 90 and/or 120 if chosen. */
  lessonLengths: z.array(z.number().int()),
  /**
   * Booked lessons still to come that these hours and settings no longer allow (a day off over a lesson,
   * say): shown until resolved, by changing the hours back or cancelling the lesson.
   */
  conflicts: z.array(z.lazy(() => affectedBooking)),
});
export type InstructorAvailability = z.infer<typeof instructorAvailabilityResponse>;

const suburbList = z
  .array(z.string({ error: "At least one suburb is required" }), {
    error: "At least one suburb is required",
  })
  .transform((items) => items.map((s) => s.trim()).filter((s) => s.length > 0))
  .pipe(
    z
      .array(suburbName())
      .min(1, "At least one suburb is required")
      .max(SUBURBS.length * 2),
  )
  .transform((list) => [...new Set(list)]);

const wholeNumber = (what: string) =>
  z.number({ error: `${what} must be a whole number` }).int(`${what} must be a whole number`);

/** Minutes kept free between two lessons on top of the drive between their suburbs. */
export const travelBufferMinutes = wholeNumber("Travel buffer")
  .min(0, "Travel buffer cannot be negative")
  .max(TRAVEL_BUFFER_MAX_MINUTES, `Travel buffer can be at most ${TRAVEL_BUFFER_MAX_MINUTES} minutes`);
/** How many hours before a lesson it can still be booked. */
export const minNoticeHours = wholeNumber("Minimum notice")
  .min(MIN_NOTICE_HOURS, `Minimum notice must be at least ${MIN_NOTICE_HOURS} hours`)
  .max(MAX_NOTICE_HOURS, `Minimum notice can be at most ${MAX_NOTICE_HOURS} hours`);
/** The most lessons a day; null = no cap. */
export const dailyLessonCap = wholeNumber("Daily lesson cap")
  .min(1, "Daily lesson cap must be at least 1 lesson (or no cap)")
  .max(MAX_DAILY_LESSON_CAP, `Daily lesson cap can be at most ${MAX_DAILY_LESSON_CAP} lessons`)
  .nullable();

/** The lesson lengths offered: any of LESSON_LENGTHS, the standard 60 minutes always among them. */
export const lessonLengths = z
  .array(
    z.number().refine(isLessonLength, {
      message: `Lessons are ${lessonLengthChoices()} long`,
    }),
    { error: "Lesson lengths must be a list of minutes" },
  )
  .refine((list) => list.includes(LESSON_MINUTES), {
    message: `Every instructor offers ${LESSON_MINUTES}-minute lessons; keep it in the list`,
  })
  .transform((list) => LESSON_LENGTHS.filter((l) => list.includes(l)));

const SETTINGS_FIELDS = [
  "poolOptIn",
  "suburbs",
  "standardRate",
  "travelBufferMinutes",
  "minNoticeHours",
  "dailyLessonCap",
  "teachesPublicHolidays",
  "lessonLengths",
] as const;

/** PATCH /api/instructor/settings: any subset of the fields, at least one. */
export const instructorSettingsRequest = z
  .object({
    poolOptIn: z.boolean({ error: "poolOptIn must be true or false" }).optional(),
    suburbs: suburbList.optional(),
    standardRate: standardRateDollars.optional(),
    travelBufferMinutes: travelBufferMinutes.optional(),
    minNoticeHours: minNoticeHours.optional(),
    /** null removes the cap. */
    dailyLessonCap: dailyLessonCap.optional(),
    teachesPublicHolidays: z.boolean({ error: "teachesPublicHolidays must be true or false" }).optional(),
    lessonLengths: lessonLengths.optional(),
  })
  .refine((v) => SETTINGS_FIELDS.some((field) => v[field] !== undefined), {
    message:
      "Nothing to update: send poolOptIn, suburbs, standardRate, travelBufferMinutes, minNoticeHours, " +
      "dailyLessonCap, teachesPublicHolidays or lessonLengths",
  });
export type InstructorSettingsRequest = z.input<typeof instructorSettingsRequest>;

// ---------------------------------------------------------------------------------------------------
// Lessons

export const instructorLesson = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** Dollars. */
  price: z.number(),
  isPoolHours: z.boolean(),
  suburb: z.string(),
  pickupLocation: z.string().nullable(),
  /** True when the student paid with a bundle credit. */
  paidWithBundle: z.boolean(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(["STUDENT", "INSTRUCTOR", "ADMIN"]).nullable(),
  /** Dollars refunded on cancellation; null when not cancelled. */
  refund: z.number().nullable(),
  /**
   * Dollars the instructor keeps from the lesson once it is over: their share (75%, rules/payouts.ts) of
   * what it earned — a taught lesson's price, a no-show's kept value (0 once a dispute refunded it), a
   * late cancellation's kept value (0 when everything went back). Null while it is not over (scheduled)
   * or nobody paid for it.
   */
  instructorShare: z.number().nullable(),
  /**
   * Dollars of GST Kerb pays on top of `instructorShare`, by the rule payouts pay with
   * (rules/instructor-pay.ts): 0 unless registered for GST with a valid ABN; null when the share is.
   */
  instructorShareGst: z.number().nullable(),
  /**
   * A lesson paid with a bundle credit: the bundle's per-lesson price and what the instructor earns for
   * the lesson by the rule payouts pay with (rules/instructor-pay.ts) — `earns`, their share ex GST (of
   * the price before the lesson is over, then of what it earned), and `gst` on top of it (0 unless
   * registered for GST). Dollars. Null for a lesson paid by card.
   */
  bundleCredit: z.object({ pricePerLesson: z.number(), earns: z.number(), gst: z.number() }).nullable(),
  /**
   * What marking a scheduled lesson taught pays the instructor, by the rule payouts pay with
   * (rules/instructor-pay.ts): `earns`, their share of the price ex GST, and `gst` on top of it (0 unless
   * registered for GST with a valid ABN). Dollars. Null once the lesson is over, or when nobody paid for it.
   */
  payIfTaught: z.object({ earns: z.number(), gst: z.number() }).nullable(),
  student: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string().nullable() }),
  /** The learner's user id: the lesson's Message button opens the conversation with them. */
  studentId: z.uuid(),
  /**
   * The learner's latest assessment (experience, licence type, target test date, focus skills): only
   * their own instructors see it, on their lessons together. Null when the learner gave none. Optional
   * only so older answers and fixtures still read; the API always sends it.
   */
  assessment: learnerAssessment.nullable().optional(),
  /** What the instructor recorded of the lesson once taught; null until recorded. Always sent, as above. */
  record: lessonRecord.nullable().optional(),
  /**
   * The open proposal of a new time for this upcoming lesson, waiting for the student (not yet lapsed):
   * the lessons list shows it, with Withdraw when the instructor made it. Only the list sends it.
   */
  moveProposal: studentMoveProposal.nullable().optional(),
  /**
   * A driving-test package (issue 33): the lesson is the whole block, pick-up to drop-off, and this says
   * where and when the test is and what the instructor recorded. Null for a lesson. The lessons list and
   * the dashboard send it.
   */
  testPack: testPackSummary.nullable().optional(),
});
export type InstructorLesson = z.infer<typeof instructorLesson>;

export const AFFECTED_REASONS = ["OUTSIDE_HOURS", "SUBURB_NOT_SERVED", "POOL_OPT_OUT"] as const;

/** A future scheduled lesson that no longer fits the instructor's hours or settings. It is NOT cancelled. */
export const affectedBooking = instructorLesson.extend({ reasons: z.array(z.enum(AFFECTED_REASONS)) });
export type AffectedBooking = z.infer<typeof affectedBooking>;

/** Answer of every availability or settings change. */
export const availabilityChangeResponse = z.object({
  availability: instructorAvailabilityResponse,
  affectedBookings: z.array(affectedBooking),
  /** Present when affectedBookings is not empty: says that those lessons were kept, not cancelled. */
  warning: z.string().nullable(),
});
export type AvailabilityChangeResponse = z.infer<typeof availabilityChangeResponse>;

/**
 * Answer of POST /api/instructor/availability/leave: the change, with the dates taken off and those
 * skipped because they were whole days off already.
 */
export const leaveResponse = availabilityChangeResponse.extend({
  leave: z.object({ added: z.array(z.string()), skipped: z.array(z.string()) }),
});
export type LeaveResponse = z.infer<typeof leaveResponse>;

/**
 * GET /api/instructor/lessons. upcoming: SCHEDULED lessons that have not ended, soonest first.
 * past: everything else (ended, completed, no-show, cancelled), newest first.
 */
export const instructorLessonsQuery = pageQuery.extend({
  scope: z.enum(["upcoming", "past"], { error: "scope must be upcoming or past" }).default("upcoming"),
});
export type InstructorLessonsQuery = z.input<typeof instructorLessonsQuery>;
export const instructorLessonsResponse = pageOf(instructorLesson);
export type InstructorLessonsPage = z.infer<typeof instructorLessonsResponse>;

export const lessonActionResponse = z.object({ lesson: instructorLesson });
export type LessonActionResponse = z.infer<typeof lessonActionResponse>;

/** What a cancellation settled; shared by the instructor's and the admin's cancel answers. */
export const cancellationOutcome = z.object({
  /** Dollars returned to the student's card, GST included (0 when a bundle credit was returned instead). */
  refund: z.number(),
  bundleCreditReturned: z.boolean(),
});

export const lessonCancellationResponse = cancellationOutcome.extend({ lesson: instructorLesson });
export type LessonCancellationResponse = z.infer<typeof lessonCancellationResponse>;

// ---------------------------------------------------------------------------------------------------
// Dashboard and earnings

/**
 * GET /api/instructor/dashboard. Counts include SCHEDULED and COMPLETED lessons; the week runs Monday to
 * Sunday in Sydney. monthlyEarnings is the instructor's share (price − 25% fee) of the lessons paid for
 * whose start falls in the current Sydney calendar month: the same figure as that month's `net` in
 * GET /api/instructor/earnings.
 */
export const instructorDashboardResponse = z.object({
  firstName: z.string(),
  /** Sydney date the dashboard was computed for, and its month `YYYY-MM`. */
  today: z.string(),
  month: z.string(),
  tiles: z.object({
    todaysLessons: z.number().int(),
    thisWeek: z.number().int(),
    monthlyEarnings: z.number(),
    standardRate: z.number(),
    /** Null when the instructor has opted out of pool hours: there is no pool rate to show. */
    poolRate: z.number().nullable(),
  }),
  todaysSchedule: z.array(instructorLesson),
  /** The next 5 scheduled lessons. */
  upcoming: z.array(instructorLesson),
  details: z.object({
    languages: z.array(z.string()),
    suburbs: z.array(z.string()),
    vehicleType: z.enum(VEHICLE_TYPES),
    poolOptIn: z.boolean(),
    verificationStatus: z.string(),
  }),
  /** Verification and document expiry dates, and whether students can find them. */
  compliance: instructorComplianceStatus,
});
export type InstructorDashboard = z.infer<typeof instructorDashboardResponse>;

const earningsFigures = z.object({
  /**
   * Lessons paid for: taught, no-shows (unless a dispute refunded them) and late cancellations with value
   * kept — the lessons the money below is for, counted as payouts and their statements count them.
   */
  lessons: z.number().int(),
  /**
   * Driving-test packages paid for (issue 33), by the same rule as lessons but counted apart (a pack is
   * not a lesson of its length); the money below includes them.
   */
  testPacks: z.number().int(),
  /** Dollars: what students paid for those lessons (ex GST; the kept value of a late cancellation). */
  gross: z.number(),
  /** Dollars: the platform's 25%. gross = platformFee + net exactly. */
  platformFee: z.number(),
  /** Dollars: what the instructor earns, ex GST (for a GST-registered instructor, the taxable supply). */
  net: z.number(),
  /** Dollars: 10% GST on net, per lesson rounded half up, for a GST-registered instructor; else 0. */
  gst: z.number(),
  /** Dollars: what is paid, net + gst. */
  total: z.number(),
});

/** One driving-test package on the earnings page: named as on the tax invoice and the RCTI. */
const earningTestPack = z.object({
  bookingId: z.uuid(),
  /** "Driving test package — <centre>, DD/MM/YYYY" (rules/test-pack-labels.ts testPackLineLabel). */
  description: z.string(),
  /** The test's time, ISO-8601. */
  testAt: z.string(),
  /** The lesson record's status: a no-show or a late cancellation earns on the value kept. */
  status: z.enum(BOOKING_STATUSES),
  /** Dollars, as for a month: gross = platformFee + net; gst on net when registered; total = net + gst. */
  gross: z.number(),
  platformFee: z.number(),
  net: z.number(),
  gst: z.number(),
  total: z.number(),
});
export type EarningTestPack = z.infer<typeof earningTestPack>;

/** GET /api/instructor/earnings: per Sydney month of the lesson start, newest first. */
export const instructorEarningsResponse = z.object({
  months: z.array(earningsFigures.extend({ month: z.string() })),
  totals: earningsFigures,
  /** Each earning driving-test package (issue 33) as its own line, newest test first; in the months too. */
  testPacks: z.array(earningTestPack),
  /** Registered for GST with a valid ABN: payouts add GST to the share (rules/instructor-pay.ts). */
  gstRegistered: z.boolean(),
  /** Why payout runs pass the instructor by ("abn_missing", "agreement_missing"), or null. */
  payoutHold: z.enum(["abn_missing", "agreement_missing"]).nullable(),
});
export type InstructorEarnings = z.infer<typeof instructorEarningsResponse>;

// ---------------------------------------------------------------------------------------------------
// Calendar feed

/** POST /api/instructor/calendar-token takes no body: none, or `{}` (anything else is a 400). */
export const rotateCalendarTokenRequest = z.strictObject(
  {},
  { error: "This request takes no body: send none, or an empty JSON object" },
);
/**
 * POST /api/instructor/calendar-token: the feed URL (relative to the site origin), secret included. The
 * only time it is given: Kerb keeps the secret's hash, not the secret.
 */
export const calendarTokenResponse = z.object({ url: z.string() });
/** GET /api/instructor/calendar-token: whether a feed is on (its URL was shown when it was made). */
export const calendarTokenStatusResponse = z.object({ active: z.boolean() });
