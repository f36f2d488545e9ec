/**
 * The lessons module's public entry: what other modules may call. Only this module writes the
 * bookings table (lessons.writes.ts, each write checked against rules/lesson-lifecycle.ts); others
 * settle lessons through the writes below and read them through the read models below.
 */

export {
  enqueueBookingConfirmed,
  enqueueClashesResolved,
  enqueueCreditBooking,
  enqueueDueLessonReminders,
  enqueueLessonClashes,
  enqueueLessonsPurchased,
  enqueueOne,
  type LessonNoticeRow,
  listLessonsForNotice,
  listPurchasedLessons,
  type NoticeOptions,
  openClashLessonIds,
  recipient,
  toLessonSummary,
} from "./emails/index.ts";
export { sweepLapsedHolds } from "./hold-sweep.ts";
export { listLessonInstructorsOfLearner, listUpcomingLessonsOfLearner } from "./learner-lessons.ts";
export { type CancelLessonResult, cancelLessonWithRefund } from "./lesson-cancellation.ts";
export { checkLessonTimes, lessonMinutesOf } from "./lesson-shape.ts";
export { listFutureScheduledLessonIdsOf, listHeldPaymentIdsOf } from "./lessons.admin.repository.ts";
export {
  countLessonsStartingBetween,
  findInstructorLesson,
  type InstructorLessonRow,
  listFutureScheduledLessons,
  listLessonsStartingBetween,
} from "./lessons.instructor.repository.ts";
export { toInstructorLesson } from "./lessons.instructor.service.ts";
export { findStudentClashes, openHoldsAndClashes } from "./lessons.repository.ts";
export {
  bookLessons,
  holdLessonsOfPayment,
  type NewLesson,
  releaseLessonsOfPayment,
  scheduleLessonsOfPayment,
} from "./lessons.writes.ts";
export { openMoveProposals } from "./open-move-proposals.ts";
export { type PlannedLesson, planLessons, retryPastLapsedHolds } from "./plan-lessons.ts";
