import { z } from "zod";
import { VERIFICATION_STATUSES } from "../constants.ts";
import { UNLISTED_REASONS } from "../rules/instructor-listing.ts";
import { pageOf, pageQuery } from "./common.ts";

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
