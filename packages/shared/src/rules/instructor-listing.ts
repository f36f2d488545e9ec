/**
 * Which instructors students may see, book and buy bundles for. The one home of this rule: the admin
 * console's compliance flags, the slot engine's last teaching date and the API's SQL copy
 * (apps/api/src/db/sql-rules.ts `listableInstructorSql`) all follow it.
 */
import type { VerificationStatus } from "../constants.ts";

export interface InstructorComplianceInput {
  verificationStatus: VerificationStatus;
  /** Sydney dates YYYY-MM-DD; null when not recorded (no limit). */
  licenseExpiresOn: string | null;
  wwcExpiresOn: string | null;
}

export interface InstructorCompliance {
  licenseExpired: boolean;
  wwcExpired: boolean;
  /** Verified, with neither the licence nor the Working With Children check expired. */
  isListed: boolean;
}

/** An expiry date is still valid on that date itself; it has expired once `today` (Sydney) is after it. */
function isExpired(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && expiresOn < today;
}

export function instructorCompliance(input: InstructorComplianceInput, today: string): InstructorCompliance {
  const licenseExpired = isExpired(input.licenseExpiresOn, today);
  const wwcExpired = isExpired(input.wwcExpiresOn, today);
  return {
    licenseExpired,
    wwcExpired,
    isListed: input.verificationStatus === "VERIFIED" && !licenseExpired && !wwcExpired,
  };
}

/** May students see, book and buy bundles for this instructor on `today` (Sydney date)? */
export function isListableInstructor(input: InstructorComplianceInput, today: string): boolean {
  return instructorCompliance(input, today).isListed;
}

/** The last Sydney date the instructor may teach (the earlier expiry); null when unlimited. */
export function lastTeachingDate(
  input: Pick<InstructorComplianceInput, "licenseExpiresOn" | "wwcExpiresOn">,
): string | null {
  const { licenseExpiresOn: a, wwcExpiresOn: b } = input;
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}
