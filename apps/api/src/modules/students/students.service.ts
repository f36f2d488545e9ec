import type { StudentProfile, StudentProfileBundle } from "@kerb/shared";
import { centsToDollars, isListableInstructor, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { toStudentBooking } from "./student-booking.ts";
import * as repo from "./students.repository.ts";

/** The student's view of a bundle; `now` decides expiry and whether the instructor is still bookable. */
export function toStudentBundle(b: repo.StudentBundleRow, now: Date): StudentProfileBundle {
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
          verificationStatus: listing.verificationStatus,
          licenseExpiresOn: listing.licenseExpiresOn,
          wwcExpiresOn: listing.wwcExpiresOn,
        },
        sydneyTodayDate(now),
      ),
    expired: b.expiresAt.getTime() <= now.getTime(),
  };
}

export function createStudentService(ctx: AppContext) {
  return {
    async getProfile(studentId: string): Promise<StudentProfile> {
      const [student, bookings, bundles] = await Promise.all([
        repo.findStudent(ctx.db, studentId),
        repo.listStudentBookings(ctx.db, studentId),
        repo.listStudentBundles(ctx.db, studentId),
      ]);
      if (!student) throw new AppError("not_found", "Student not found");
      const now = ctx.now();
      return {
        ...student,
        bookings: bookings.map(toStudentBooking),
        bundles: bundles.map((b) => toStudentBundle(b, now)),
      };
    },
  };
}
