import { z } from "zod";
import { BOOKING_STATUSES, MOVE_PROPOSER_ROLES, VEHICLE_TYPES } from "../constants.ts";
import { testPackSummary } from "./test-pack-outcomes.ts";

// Money in responses is in dollars (numbers with at most two decimals), as the spec's shapes show;
// the server computes it from integer cents.

/**
 * A new time the lesson's instructor or an admin proposes, open for the student to accept or decline
 * until `lapsesAt` (24 hours before the lesson's present start).
 */
export const studentMoveProposal = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  proposedBy: z.enum(MOVE_PROPOSER_ROLES),
  note: z.string().nullable(),
  lapsesAt: z.string(),
});
export type StudentMoveProposal = z.infer<typeof studentMoveProposal>;

/** A lesson's place in its weekly series (issue 34), on the learner's lessons: "Weekly · 3 of 6". */
export const lessonSeriesInfo = z.object({
  id: z.uuid(),
  position: z.number().int(),
  count: z.number().int(),
  label: z.string(),
});
export type LessonSeriesInfo = z.infer<typeof lessonSeriesInfo>;

export const studentProfileBooking = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  pickupLocation: z.string().nullable(),
  price: z.number(),
  isPoolHours: z.boolean(),
  instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  /** The card payment it belongs to (held or paid), or null for a lesson paid with bundle credits. */
  paymentId: z.uuid().nullable(),
  /** The bundle whose credit paid for it, or null for a card-paid lesson. */
  bundleId: z.uuid().nullable(),
  /** When a PENDING_PAYMENT hold lapses; null otherwise. */
  holdExpiresAt: z.string().nullable(),
  /** Dollars given back when it was cancelled (GST included); null unless CANCELLED. */
  refund: z.number().nullable(),
  /**
   * The suburb the lesson is in: where a reschedule reads its instructor's calendar. Optional only so
   * older answers and fixtures still read; the API always sends it.
   */
  suburb: z.string().optional(),
  /**
   * The student's review of this lesson, or null when there is none yet. Only the profile sends it
   * (other answers describing a lesson leave it out).
   */
  review: z.object({ rating: z.number().int(), createdAt: z.string() }).nullable().optional(),
  /**
   * A SCHEDULED lesson whose instructor may no longer teach (delisted, or a document expired): the
   * student can cancel it with a full refund whatever the notice. Only the profile sends it.
   */
  instructorUnavailable: z.boolean().optional(),
  /**
   * A SCHEDULED lesson its instructor's time off (a day off, leave, changed hours) now clashes with, as
   * the student was emailed and not yet told resolved: they can move it, or cancel it with a full refund
   * whatever the notice. Only the profile sends it.
   */
  instructorClash: z.boolean().optional(),
  /** The open proposal of a new time for this lesson, if any (not yet lapsed). Only the profile sends it. */
  moveProposal: studentMoveProposal.nullable().optional(),
  /**
   * The guardian who paid for it by card, when not the learner: a refund goes back to their card. Null
   * for the learner's own payment or a credit. Only the profile sends it.
   */
  paidBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable().optional(),
  /**
   * The driving-test package this lesson record is (issue 33): its test, centre and outcome; null for an
   * ordinary lesson. A pack moves to a new test time rather than being rescheduled. Only the profile sends it.
   */
  testPack: testPackSummary.nullable().optional(),
  /** The weekly series this lesson belongs to (issue 34); null for a lesson booked on its own. Only the profile sends it. */
  series: lessonSeriesInfo.nullable().optional(),
});
export type StudentProfileBooking = z.infer<typeof studentProfileBooking>;

export const studentProfileBundle = z.object({
  id: z.uuid(),
  totalLessons: z.number().int(),
  usedLessons: z.number().int(),
  pricePerLesson: z.number(),
  expiresAt: z.string(),
  createdAt: z.string(),
  instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The suburb the credits are spent in (null on bundles bought before suburbs were recorded). */
  suburb: z.string().nullable(),
  /**
   * False when the instructor may no longer be booked (delisted, lapsed licence or WWC check) or the
   * bundle has none: the student may then move the remaining credits to another instructor.
   */
  instructorBookable: z.boolean(),
  expired: z.boolean(),
  /** The guardian who bought the bundle for the learner (issue 30); null when the learner bought it. */
  boughtBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type StudentProfileBundle = z.infer<typeof studentProfileBundle>;

export const studentProfileResponse = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  suburb: z.string().nullable(),
  licenseType: z.string().nullable(),
  experienceLevel: z.string().nullable(),
  bundles: z.array(studentProfileBundle),
  bookings: z.array(studentProfileBooking),
});
export type StudentProfile = z.infer<typeof studentProfileResponse>;

export const instructorProfileBooking = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  completedAt: z.string().nullable(),
  price: z.number(),
  isPoolHours: z.boolean(),
  pickupLocation: z.string().nullable(),
  student: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string().nullable() }),
});
export type InstructorProfileBooking = z.infer<typeof instructorProfileBooking>;

export const instructorProfileResponse = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  standardRate: z.number(),
  poolRate: z.number(),
  poolOptIn: z.boolean(),
  languages: z.array(z.string()),
  suburbs: z.array(z.string()),
  vehicleType: z.enum(VEHICLE_TYPES),
  verificationStatus: z.string(),
  bookings: z.array(instructorProfileBooking),
});
export type InstructorProfile = z.infer<typeof instructorProfileResponse>;
