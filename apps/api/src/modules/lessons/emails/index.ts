/** The lessons module's emails: what each lesson event tells the learner, the instructor and guardians. */
export {
  enqueueBookingConfirmed,
  enqueueCreditBooking,
  enqueueLessonsPurchased,
  listPurchasedLessons,
} from "./booking-notices.ts";
export {
  enqueueClashesResolved,
  enqueueLessonClashes,
  openClashBookingIds,
  openClashLessonIds,
} from "./clash-notices.ts";
export { enqueueOne, type NoticeOptions } from "./enqueue-notice.ts";
export { enqueueHeldLessonRefunded } from "./held-lesson-notices.ts";
export {
  enqueueLessonCancelled,
  enqueueLessonNoShow,
  enqueueLessonRescheduled,
} from "./lesson-change-notices.ts";
export { enqueueDueLessonReminders } from "./lesson-reminder-notices.ts";
export {
  enqueueMoveProposalAnswered,
  enqueueMoveProposalWithdrawn,
  enqueueMoveProposed,
} from "./move-proposal-notices.ts";
export { type LessonNoticeRow, listLessonsForNotice } from "./notice-rows.ts";
