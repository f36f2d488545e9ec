/**
 * Which instructors students may see, book and buy bundles for. The one home of this rule: the admin
 * console's compliance flags, the follow-up list, the slot engine's last teaching date, the student's
 * "your instructor can't teach" notice and the API's SQL copy (apps/api/src/db/sql-rules.ts
 * `listableInstructorSql`) all follow it.
 */
import type { VerificationStatus } from "../constants.ts";
import { addDaysToDate } from "./sydney-time.ts";

export interface InstructorComplianceInput {
  verificationStatus: VerificationStatus;
  /** An admin suspended the account (users.suspended_at): never listed, whatever the documents say. */
  suspended: boolean;
  /** Sydney dates YYYY-MM-DD; null when not recorded (the instructor cannot be listed). */
  licenseExpiresOn: string | null;
  wwcExpiresOn: string | null;
}

/** Days before an expiry date from which the instructor and the admin are warned. */
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30;

/** Why an instructor is not listed, most fundamental first. */
export const UNLISTED_REASONS = [
  "SUSPENDED",
  "NOT_VERIFIED",
  "REJECTED",
  "DOCUMENTS_MISSING",
  "LICENCE_EXPIRED",
  "WWC_EXPIRED",
] as const;
export type UnlistedReason = (typeof UNLISTED_REASONS)[number];

export interface InstructorCompliance {
  licenseExpired: boolean;
  wwcExpired: boolean;
  /** No expiry date recorded: the admin must record it before the instructor can be listed. */
  licenseMissing: boolean;
  wwcMissing: boolean;
  /** Not suspended, verified, with both expiry dates recorded and neither before today. */
  isListed: boolean;
  /** Every reason the instructor is not listed (empty when listed). */
  reasons: UnlistedReason[];
}

/** An expiry date is still valid on that date itself; it has expired once `today` (Sydney) is after it. */
function isExpired(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && expiresOn < today;
}

export function instructorCompliance(input: InstructorComplianceInput, today: string): InstructorCompliance {
  const licenseExpired = isExpired(input.licenseExpiresOn, today);
  const wwcExpired = isExpired(input.wwcExpiresOn, today);
  const licenseMissing = input.licenseExpiresOn === null;
  const wwcMissing = input.wwcExpiresOn === null;
  const reasons: UnlistedReason[] = [];
  if (input.suspended) reasons.push("SUSPENDED");
  if (input.verificationStatus === "PENDING") reasons.push("NOT_VERIFIED");
  if (input.verificationStatus === "REJECTED") reasons.push("REJECTED");
  if (licenseMissing || wwcMissing) reasons.push("DOCUMENTS_MISSING");
  if (licenseExpired) reasons.push("LICENCE_EXPIRED");
  if (wwcExpired) reasons.push("WWC_EXPIRED");
  return { licenseExpired, wwcExpired, licenseMissing, wwcMissing, isListed: reasons.length === 0, reasons };
}

/** May students see, book and buy bundles for this instructor on `today` (Sydney date)? */
export function isListableInstructor(input: InstructorComplianceInput, today: string): boolean {
  return instructorCompliance(input, today).isListed;
}

/**
 * The last Sydney date the instructor may teach (the earlier expiry). Null only when neither date is
 * recorded, and then the instructor is not listed at all.
 */
export function lastTeachingDate(
  input: Pick<InstructorComplianceInput, "licenseExpiresOn" | "wwcExpiresOn">,
): string | null {
  const { licenseExpiresOn: a, wwcExpiresOn: b } = input;
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

/**
 * What is wrong with the expiry dates an admin verifies an instructor with: both must be given and
 * after today (verifying someone whose document lapses today would list them for a few hours).
 * Empty when they are fine; otherwise one message per field, for the form.
 */
export function verificationDateProblems(
  dates: { licenseExpiresOn?: string | null; wwcExpiresOn?: string | null },
  today: string,
): Array<{ path: "licenseExpiresOn" | "wwcExpiresOn"; message: string }> {
  const labels = { licenseExpiresOn: "licence", wwcExpiresOn: "Working With Children check" } as const;
  return (["licenseExpiresOn", "wwcExpiresOn"] as const).flatMap((path) => {
    const date = dates[path];
    if (!date) return [{ path, message: `Enter the ${labels[path]} expiry date` }];
    if (date <= today) return [{ path, message: `The ${labels[path]} expiry date must be in the future` }];
    return [];
  });
}

/** Is this document's expiry date on or before `today + DOCUMENT_EXPIRY_WARNING_DAYS` (and not yet past)? */
export function isExpiringSoon(expiresOn: string | null, today: string): boolean {
  return (
    expiresOn !== null &&
    expiresOn >= today &&
    expiresOn <= addDaysToDate(today, DOCUMENT_EXPIRY_WARNING_DAYS)
  );
}

/** One plain sentence per reason, for the admin follow-up list, the emails and the student's notice. */
export function unlistedReasonText(reason: UnlistedReason): string {
  switch (reason) {
    case "SUSPENDED":
      return "account suspended by Kerb";
    case "NOT_VERIFIED":
      return "waiting for verification";
    case "REJECTED":
      return "no longer verified";
    case "DOCUMENTS_MISSING":
      return "licence or Working With Children check expiry not on record";
    case "LICENCE_EXPIRED":
      return "driving instructor licence expired";
    case "WWC_EXPIRED":
      return "Working With Children check expired";
  }
}
