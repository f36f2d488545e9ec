/**
 * The students module's public entry: what other modules may call. A student's lessons and bundles as
 * the student sees them (the same shape in the profile, after a booking and after a reschedule).
 */
export { bookingSuburb } from "./booking-suburb.ts";
export {
  findStudentBooking,
  type StudentBookingRow,
  studentBookingColumns,
  studentBookingInstructor,
  studentBookingInstructorJoin,
  toStudentBooking,
} from "./student-booking.ts";
export { toStudentBundle } from "./student-bundle.ts";
export { findStudentForCheckout, lockStudentForCheckout } from "./student-for-checkout.ts";
export {
  findStudent,
  listStudentBookings,
  listStudentBundles,
  type StudentBundleRow,
} from "./students.repository.ts";
