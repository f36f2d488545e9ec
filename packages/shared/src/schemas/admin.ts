import { z } from "zod";
import {
  BOOKING_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  ROLES,
  VEHICLE_TYPES,
  VERIFICATION_STATUSES,
} from "../constants.ts";
import { UNLISTED_REASONS } from "../rules/instructor-listing.ts";
import { NO_SHOW_RESOLUTIONS } from "../rules/no-show-disputes.ts";
import { calendarDate, pageOf, pageQuery, safeText } from "./common.ts";
import { instructorWwcNumber } from "./fields.ts";
import { cancellationOutcome } from "./instructor-portal.ts";
import { studentMoveProposal } from "./profiles.ts";
import { testPackSummary } from "./test-pack-outcomes.ts";

// Schemas of the operator console (/api/admin/*), ADMIN only. Money is in dollars, computed from cents.

const caseInsensitiveEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(values, { error: message }),
  );

// ---------------------------------------------------------------------------------------------------
// Users

export const adminUsersQuery = pageQuery.extend({
  /**
   * Matches first name, last name, full name or email, case-insensitively, or a phone number by its
   * digits whatever the spaces or +61 (rules/contact-formats.ts phoneSearchDigits).
   */
  search: safeText().trim().max(100, "search is too long").optional(),
  role: caseInsensitiveEnum(ROLES, "role must be STUDENT, INSTRUCTOR or ADMIN").optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** When an admin suspended the account (it cannot sign in; an instructor is not listed); null when active. */
  suspendedAt: z.string().nullable(),
  /** The admin's reason for the suspension in force; null when active. */
  suspendedReason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
/** Newest accounts first. */
export const adminUsersResponse = pageOf(adminUser);

const accountStatusReason = safeText({ error: "Give a reason" })
  .trim()
  .min(1, "Give a reason")
  .max(500, "Keep the reason under 500 characters");

/** POST /api/admin/users/:id/suspend and /reactivate: the reason is required and goes into the audit log. */
export const suspendUserRequest = z.object({ reason: accountStatusReason });
export type SuspendUserRequest = z.input<typeof suspendUserRequest>;
export const reactivateUserRequest = z.object({ reason: accountStatusReason });
export type ReactivateUserRequest = z.input<typeof reactivateUserRequest>;

export const suspendUserResponse = z.object({
  user: adminUser,
  /** Future lessons cancelled by the suspension (each refunded in full or its credit returned). */
  lessonsCancelled: z.number().int(),
  /** Dollars going back to cards for those lessons. */
  refunded: z.number(),
});
export type SuspendUserResponse = z.infer<typeof suspendUserResponse>;
export const reactivateUserResponse = z.object({ user: adminUser });
export type ReactivateUserResponse = z.infer<typeof reactivateUserResponse>;

// ---------------------------------------------------------------------------------------------------
// Instructors: verification and compliance

export const ADMIN_INSTRUCTOR_SORTS = ["applied", "name", "expiry", "rate"] as const;
export type AdminInstructorSort = (typeof ADMIN_INSTRUCTOR_SORTS)[number];

export const adminInstructorsQuery = pageQuery.extend({
  status: caseInsensitiveEnum(
    VERIFICATION_STATUSES,
    "status must be PENDING, VERIFIED or REJECTED",
  ).optional(),
  /** Matches first name, last name, full name, email or licence number, case-insensitively. */
  search: safeText().trim().max(100, "search is too long").optional(),
  /**
   * applied: oldest application first (the verification queue); name: last then first name A–Z;
   * expiry: the earliest document expiry first, missing dates first of all; rate: highest rate first.
   */
  sort: z
    .enum(ADMIN_INSTRUCTOR_SORTS, { error: `sort must be one of ${ADMIN_INSTRUCTOR_SORTS.join(", ")}` })
    .default("applied"),
  /** Only instructors needing attention: a document expiry missing, past, or within 30 days. */
  flagged: z
    .enum(["true", "false"], { error: "flagged must be true or false" })
    .transform((v) => v === "true")
    .optional(),
});
export type AdminInstructorsQuery = z.input<typeof adminInstructorsQuery>;

export const adminInstructor = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  licenseNumber: z.string(),
  /** NSW Working With Children Check number (WWC1234567E); null until given. */
  wwcNumber: z.string().nullable(),
  /** The account is suspended: never listed until reactivated. */
  suspended: z.boolean(),
  vehicleType: z.enum(VEHICLE_TYPES),
  suburbs: z.array(z.string()),
  standardRate: z.number(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  verifiedAt: z.string().nullable(),
  licenseExpiresOn: z.string().nullable(),
  wwcExpiresOn: z.string().nullable(),
  createdAt: z.string(),
  compliance: z.object({
    /** An expiry date before today (Sydney). */
    licenseExpired: z.boolean(),
    wwcExpired: z.boolean(),
    /** No expiry date on record: the instructor cannot be listed until one is recorded. */
    licenseMissing: z.boolean(),
    wwcMissing: z.boolean(),
    /** Verified, both dates on record and nothing expired: students can find and book this instructor. */
    isListed: z.boolean(),
    /** Why the instructor is not listed (empty when listed). */
    reasons: z.array(z.enum(UNLISTED_REASONS)),
    /** A document expires within 30 days (today included). */
    expiringSoon: z.boolean(),
  }),
});
export type AdminInstructor = z.infer<typeof adminInstructor>;
/** Oldest applications first, so the verification queue is worked in order. */
export const adminInstructorsResponse = pageOf(adminInstructor);
export const adminInstructorResponse = z.object({ instructor: adminInstructor });

/** A calendar date that must be there: missing (or an empty form field) says `message`. */
const requiredDate = (message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ error: message }).pipe(calendarDate),
  );

/**
 * POST /api/admin/instructors/:id/verify. Both expiry dates are required (the admin confirms them from
 * the documents) and must be after today: an instructor is only listed with both on record.
 */
export const verifyInstructorRequest = z.object({
  licenseNumberChecked: z.literal(true, {
    error: "Confirm that you checked the licence number (licenseNumberChecked: true)",
  }),
  licenseExpiresOn: requiredDate("Enter the licence expiry date"),
  wwcExpiresOn: requiredDate("Enter the Working With Children check expiry date"),
  /**
   * The WWC number as the admin checked it with the Office of the Children's Guardian; left out, the one
   * the instructor gave is kept. Verifying needs one on record either way.
   */
  wwcNumber: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), instructorWwcNumber().optional())
    .optional(),
});
export type VerifyInstructorRequest = z.input<typeof verifyInstructorRequest>;

export const rejectInstructorRequest = z.object({
  reason: safeText({ error: "A reason is required" })
    .trim()
    .min(1, "A reason is required")
    .max(500, "Reason is too long"),
});
export type RejectInstructorRequest = z.input<typeof rejectInstructorRequest>;

/** PATCH /api/admin/instructors/:id/compliance; null clears a date. At least one field. */
export const instructorComplianceRequest = z
  .object({
    licenseExpiresOn: calendarDate.nullable().optional(),
    wwcExpiresOn: calendarDate.nullable().optional(),
  })
  .refine((v) => v.licenseExpiresOn !== undefined || v.wwcExpiresOn !== undefined, {
    message: "Nothing to update: send licenseExpiresOn or wwcExpiresOn",
  });
export type InstructorComplianceRequest = z.input<typeof instructorComplianceRequest>;

// ---------------------------------------------------------------------------------------------------
// Bookings

/** `from`/`to` are Sydney dates of the lesson start, both inclusive. */
export const adminBookingsQuery = pageQuery
  .extend({
    status: caseInsensitiveEnum(
      BOOKING_STATUSES,
      `status must be one of ${BOOKING_STATUSES.join(", ")}`,
    ).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    instructorId: z.uuid("instructorId must be a UUID").optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: "from must be on or before to",
    path: ["to"],
  });
export type AdminBookingsQuery = z.input<typeof adminBookingsQuery>;

export const adminBooking = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  price: z.number(),
  isPoolHours: z.boolean(),
  suburb: z.string(),
  pickupLocation: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  bundleId: z.uuid().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(["STUDENT", "INSTRUCTOR", "ADMIN"]).nullable(),
  refund: z.number().nullable(),
  createdAt: z.string(),
  student: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  /**
   * On a NO_SHOW lesson: until when the student may dispute it (rules/no-show-disputes.ts) and how an
   * admin settled it (null while not settled). Null on any other lesson.
   */
  noShowDispute: z
    .object({ closesAt: z.string(), resolution: z.enum(NO_SHOW_RESOLUTIONS).nullable() })
    .nullable(),
  /** A new time proposed for a SCHEDULED lesson, waiting for the student (not yet lapsed); the list sends it. */
  moveProposal: studentMoveProposal.nullable().optional(),
  /**
   * A driving-test package (issue 33): the lesson is the whole block, and this names its centre, test time
   * and outcome. Null for a lesson; the list sends it.
   */
  testPack: testPackSummary.nullable().optional(),
});
export type AdminBooking = z.infer<typeof adminBooking>;
/** Latest lesson start first. */
export const adminBookingsResponse = pageOf(adminBooking);

export const adminCancelBookingRequest = z.object({
  reason: safeText().trim().max(500, "Reason is too long").optional(),
});
export type AdminCancelBookingRequest = z.input<typeof adminCancelBookingRequest>;

export const adminCancelBookingResponse = cancellationOutcome.extend({ booking: adminBooking });
export type AdminCancelBookingResponse = z.infer<typeof adminCancelBookingResponse>;

/**
 * POST /api/admin/bookings/:id/no-show-dispute: KEEP (Kerb keeps the lesson's value) or REFUND (the
 * student gets it back and the instructor's earning is reversed), with the admin's note (audited).
 */
export const resolveNoShowDisputeRequest = z.object({
  resolution: z.enum(NO_SHOW_RESOLUTIONS, { error: "Choose KEEP or REFUND" }),
  note: safeText({ error: "Add a note saying what you found" })
    .trim()
    .min(1, "Add a note saying what you found")
    .max(500, "Keep the note under 500 characters"),
});
export type ResolveNoShowDisputeRequest = z.input<typeof resolveNoShowDisputeRequest>;

export const resolveNoShowDisputeResponse = cancellationOutcome.extend({ booking: adminBooking });
export type ResolveNoShowDisputeResponse = z.infer<typeof resolveNoShowDisputeResponse>;

// ---------------------------------------------------------------------------------------------------
// Payments and revenue

export const adminPaymentsQuery = pageQuery.extend({
  status: caseInsensitiveEnum(
    PAYMENT_STATUSES,
    `status must be one of ${PAYMENT_STATUSES.join(", ")}`,
  ).optional(),
  provider: z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z.enum(PAYMENT_PROVIDERS, { error: `provider must be one of ${PAYMENT_PROVIDERS.join(", ")}` }),
    )
    .optional(),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuery>;

export const adminPayment = z.object({
  id: z.uuid(),
  type: z.enum(PAYMENT_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  invoiceNumber: z.string(),
  /** Dollars: ex GST, GST, charged total, refunded so far. */
  subtotal: z.number(),
  gst: z.number(),
  amount: z.number(),
  refunded: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  user: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
});
export type AdminPayment = z.infer<typeof adminPayment>;
/** Newest first. */
export const adminPaymentsResponse = pageOf(adminPayment);

const revenueFigures = z.object({
  /** COMPLETED lessons (by the Sydney month of their start). */
  lessonsCompleted: z.number().int(),
  /**
   * Dollars, ex GST: lesson value earned in the month (taught, no-show or kept) = platformFees +
   * instructorEarnings exactly; the reconciliation's platformRevenueCents and instructorEarningsCents.
   */
  gross: z.number(),
  platformFees: z.number(),
  instructorEarnings: z.number(),
  /**
   * Dollars transferred to instructors in the month (transfers that went through): the reconciliation's
   * paidOutCents. Not the month's earnings: a payout pays earlier weeks, and a failed transfer pays nothing.
   */
  paidOut: z.number(),
  /**
   * Dollars of GST kept: GST on PAID payments (by the Sydney month they were paid) less the GST given
   * back with refunds (by the Sydney month of the cancellation), i.e. gstOnPayments − gstRefunded.
   */
  gstCollected: z.number(),
  gstOnPayments: z.number(),
  /** The GST part of `refunds`. */
  gstRefunded: z.number(),
  /** Dollars refunded on cancelled lessons, by the Sydney month of the cancellation. */
  refunds: z.number(),
});

/** GET /api/admin/revenue: per Sydney month `YYYY-MM`, newest first, plus totals. */
export const adminRevenueResponse = z.object({
  months: z.array(revenueFigures.extend({ month: z.string() })),
  totals: revenueFigures,
});
export type AdminRevenue = z.infer<typeof adminRevenueResponse>;

// ---------------------------------------------------------------------------------------------------
// Audit log

/**
 * Filters of the audit log, all optional and combined: `actor` matches the actor's email or name
 * (case-insensitive), `action` an exact action (`booking.cancel`) or a family ending in a dot
 * (`booking.`), and `from`/`to` are inclusive Sydney dates of the entry.
 */
export const auditLogQuery = pageQuery
  .extend({
    actor: safeText().trim().max(100, "actor is too long").optional(),
    action: z
      .string()
      .trim()
      .max(60, "action is too long")
      .regex(
        /^[a-z_]*(\.[a-z_]*)*$/,
        "action looks like booking.cancel, or booking. for every booking action",
      )
      .optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: "from must be on or before to",
    path: ["to"],
  });
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: z.uuid(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
  actor: z
    .object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
/** Newest first. */
export const auditLogResponse = pageOf(auditEntry);
