import type { StudentProfile } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./students.repository.ts";

export function createStudentService(ctx: AppContext) {
  return {
    async getProfile(studentId: string): Promise<StudentProfile> {
      const [student, bookings, bundles] = await Promise.all([
        repo.findStudent(ctx.db, studentId),
        repo.listStudentBookings(ctx.db, studentId),
        repo.listStudentBundles(ctx.db, studentId),
      ]);
      if (!student) throw new AppError("not_found", "Student not found");
      return {
        ...student,
        bookings: bookings.map(({ priceCents, startTime, endTime, ...b }) => ({
          ...b,
          startTime: startTime.toISOString(),
          endTime: endTime.toISOString(),
          price: centsToDollars(priceCents),
        })),
        bundles: bundles.map((b) => ({
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
        })),
      };
    },
  };
}
