/**
 * The lessons module's public entry: what other modules may call. Only this module writes the
 * bookings table (lessons.writes.ts, each write checked against rules/lesson-lifecycle.ts); others
 * settle lessons through the writes below and read them through the read models below.
 */

export { checkLessonBlock } from "./check-lesson-block.ts";
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
  openClashBookingIds,
  openClashLessonIds,
} from "./emails/index.ts";
export { sweepLapsedHolds } from "./hold-sweep.ts";
export { type CancelLessonResult, cancelLessonWithRefund } from "./lesson-cancellation.ts";
export {
  countLessonsStartingBetween,
  listFutureScheduledLessonIdsOf,
  listFutureScheduledLessons,
  listHeldPaymentIdsOf,
  listLessonInstructorsOfLearner,
  listLessonsStartingBetween,
  listUpcomingLessonsOfLearner,
} from "./lesson-lists.ts";
export { markLessonOutcomeIn } from "./lesson-outcome.ts";
export { findInstructorLesson, type InstructorLessonRow } from "./lesson-reads.ts";
export { createLessonSeries, seriesInfoOf } from "./lesson-series.ts";
export { checkLessonTimes, lessonMinutesOf } from "./lesson-shape.ts";
export { toInstructorLesson } from "./lesson-views.ts";
export {
  bookLessons,
  holdLessonsOfPayment,
  type NewLesson,
  releaseLessonsOfPayment,
  scheduleLessonsOfPayment,
} from "./lessons.writes.ts";
export { openMoveProposals } from "./move-proposal-views.ts";
export { lessonRowOf, type PlannedLesson, planLessons, retryPastLapsedHolds } from "./plan-lessons.ts";
export { findStudentClashes, openHoldsAndClashes, refuseOwnClashes } from "./student-clashes.ts";
