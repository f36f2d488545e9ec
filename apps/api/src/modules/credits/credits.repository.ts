import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings } from "../../db/schema/index.ts";
import {
  studentBookingColumns,
  studentBookingInstructor,
  studentBookingInstructorJoin,
} from "../students/index.ts";

/** The student's view of the lessons just booked, in time order. */
export function listStudentLessons(db: Executor, studentId: string, ids: string[]) {
  return db
    .select(studentBookingColumns)
    .from(bookings)
    .innerJoin(studentBookingInstructor, studentBookingInstructorJoin)
    .where(and(eq(bookings.studentId, studentId), inArray(bookings.id, ids)))
    .orderBy(bookings.startTime);
}
