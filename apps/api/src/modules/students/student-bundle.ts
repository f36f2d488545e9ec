/**
 * The student's view of one bundle, shared by the profile and the credit-spending answers. Kept apart
 * from students.service so the module's public entry does not pull in the profile (which reads lessons).
 */
import type { StudentProfileBundle } from "@kerb/shared";
import { centsToDollars, isListableInstructor, sydneyTodayDate } from "@kerb/shared/rules";
import type { StudentBundleRow } from "./students.repository.ts";

/** The student's view of a bundle; `now` decides expiry and whether the instructor is still bookable. */
export function toStudentBundle(b: StudentBundleRow, now: Date): StudentProfileBundle {
  const { listing } = b;
  return {
    id: b.id,
    totalLessons: b.totalLessons,
    usedLessons: b.usedLessons,
    pricePerLesson: centsToDollars(b.pricePerLessonCents),
    expiresAt: b.expiresAt.toISOString(),
    createdAt: b.createdAt.toISOString(),
    instructor:
      b.instructorId && b.instructorFirstName && b.instructorLastName
        ? { id: b.instructorId, firstName: b.instructorFirstName, lastName: b.instructorLastName }
        : null,
    suburb: b.suburb,
    instructorBookable:
      listing?.verificationStatus != null &&
      isListableInstructor(
        {
          suspended: listing.suspended,
          verificationStatus: listing.verificationStatus,
          licenseExpiresOn: listing.licenseExpiresOn,
          wwcExpiresOn: listing.wwcExpiresOn,
        },
        sydneyTodayDate(now),
      ),
    expired: b.expiresAt.getTime() <= now.getTime(),
    boughtBy:
      b.payerFirstName !== null && b.payerLastName !== null
        ? { firstName: b.payerFirstName, lastName: b.payerLastName }
        : null,
  };
}
