import { z } from "zod";
import { BOOKING_STATUSES, VERIFICATION_STATUSES } from "../constants.ts";
import { UNLISTED_REASONS } from "../rules/instructor-listing.ts";
import { HELD_LESSON_DECISIONS, TEACHING_STOP_REASONS } from "../rules/teaching-stops.ts";
import { pageOf, pageQuery, safeText } from "./common.ts";

// Compliance: the admin follow-up list and the instructor's own compliance status.

/** GET /api/admin/compliance/follow-up: soonest lesson first. */
export const complianceFollowUpQuery = pageQuery;
export type ComplianceFollowUpQuery = z.input<typeof complianceFollowUpQuery>;

/** A lesson still to come whose instructor is not listable today. */
export const complianceFollowUpLesson = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  suburb: z.string(),
  /** Dollars ex GST. */
  price: z.number(),
  paidWith: z.enum(["CARD", "BUNDLE"]).nullable(),
  paymentId: z.uuid().nullable(),
  bundleId: z.uuid().nullable(),
  student: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  instructor: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    licenseExpiresOn: z.string().nullable(),
    wwcExpiresOn: z.string().nullable(),
  }),
  /** Why the instructor may not teach it (the shared listing rule's reasons). */
  reasons: z.array(z.enum(UNLISTED_REASONS)),
  /** When the student was emailed about it; null when not (yet). */
  studentNotifiedAt: z.string().nullable(),
});
export type ComplianceFollowUpLesson = z.infer<typeof complianceFollowUpLesson>;
export const complianceFollowUpResponse = pageOf(complianceFollowUpLesson);
export type ComplianceFollowUpPage = z.infer<typeof complianceFollowUpResponse>;

/** The instructor's own compliance, on their dashboard. Dates are Sydney `YYYY-MM-DD`. */
export const instructorComplianceStatus = z.object({
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  licenseExpiresOn: z.string().nullable(),
  wwcExpiresOn: z.string().nullable(),
  isListed: z.boolean(),
  reasons: z.array(z.enum(UNLISTED_REASONS)),
  /** Within 30 days of expiry (and not yet expired). */
  licenseExpiringSoon: z.boolean(),
  wwcExpiringSoon: z.boolean(),
});
export type InstructorComplianceStatus = z.infer<typeof instructorComplianceStatus>;

// ---------------------------------------------------------------------------------------------------
// Held lessons: taught while the instructor was not allowed to teach (rules/teaching-stops.ts)

export const heldLessonsQuery = pageQuery;

/** A lesson taught during a teaching stop, waiting for an admin to pay its instructor or refund it. */
export const heldLesson = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  suburb: z.string(),
  /** SCHEDULED (never marked), COMPLETED or NO_SHOW. */
  status: z.enum(BOOKING_STATUSES),
  /** Dollars ex GST: what the student paid for it (a bundle credit's value for a credit lesson). */
  price: z.number(),
  /** Dollars ex GST: the instructor's 75% share if paid. */
  instructorShare: z.number(),
  paidWith: z.enum(["CARD", "BUNDLE"]),
  student: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  reason: z.enum(TEACHING_STOP_REASONS),
  /** The reason in a sentence. */
  reasonText: z.string(),
  /** When the stop began. */
  stopStartedAt: z.string(),
});
export type HeldLesson = z.infer<typeof heldLesson>;

/** Oldest lesson first. */
export const heldLessonsResponse = pageOf(heldLesson);
export type HeldLessonsPage = z.infer<typeof heldLessonsResponse>;

/**
 * POST /api/admin/held-lessons/:id/decision. PAY: the lesson joins the instructor's next payout (once
 * marked). REFUND: the student gets its value back (card or credit) and the instructor's earning, if
 * posted, is reversed. The note says why (audited).
 */
export const decideHeldLessonRequest = z.object({
  decision: z.enum(HELD_LESSON_DECISIONS, { error: "Choose PAY or REFUND" }),
  note: safeText({ error: "Add a note saying why" })
    .trim()
    .min(1, "Add a note saying why")
    .max(500, "Keep the note under 500 characters"),
});
export type DecideHeldLessonRequest = z.input<typeof decideHeldLessonRequest>;

export const decideHeldLessonResponse = z.object({
  id: z.uuid(),
  decision: z.enum(HELD_LESSON_DECISIONS),
  /** The lesson's status after the decision (CANCELLED once refunded). */
  status: z.enum(BOOKING_STATUSES),
  /** Dollars back to the card, GST included (0 for PAY or a credit lesson). */
  refund: z.number(),
  bundleCreditReturned: z.boolean(),
});
export type DecideHeldLessonResponse = z.infer<typeof decideHeldLessonResponse>;
