/**
 * One display label per enum value, for the web's pages and the API's emails and PDFs. A `Record` over
 * the enum, so a new value without a label is a type error. A page written for one audience may word a
 * value its own way (a student "missed" the lesson an instructor marks "No-show"): it spreads the map
 * here and overrides that value, so it still follows every other label.
 */
import type {
  BookingStatus,
  EmailKind,
  ExperienceLevel,
  Gender,
  LicenseType,
  PaymentStatus,
  PaymentType,
  RefundReason,
  RefundStatus,
  Role,
  SkillLevel,
  VehicleType,
  VerificationStatus,
} from "../constants.ts";
import type { OutboxStatus } from "../schemas/notifications.ts";
import type { PayoutStatus } from "../schemas/payouts.ts";

export const roleLabels: Record<Role, string> = {
  STUDENT: "Student",
  INSTRUCTOR: "Instructor",
  ADMIN: "Admin",
  GUARDIAN: "Guardian",
};

/** The spec's words for the instructor's car (§3 "vehicle type"), on every page that shows it. */
export const vehicleTypeLabels: Record<VehicleType, string> = {
  AUTOMATIC: "Automatic",
  MANUAL: "Manual",
  BOTH: "Automatic and manual",
};

export const licenseTypeLabels: Record<LicenseType, string> = {
  AUTOMATIC: "Automatic",
  MANUAL: "Manual",
};

/** In the student's own words: the registration form asks "how much have you driven?". */
export const experienceLevelLabels: Record<ExperienceLevel, string> = {
  NEVER_DRIVEN: "I've never driven",
  SOME_EXPERIENCE: "I have some experience",
  FAILED_TEST: "I've failed a driving test",
};

/** The same answers as the learner's instructor reads them. */
export const learnerExperienceLabels: Record<ExperienceLevel, string> = {
  NEVER_DRIVEN: "Never driven",
  SOME_EXPERIENCE: "Some experience",
  FAILED_TEST: "Failed a test before",
};

/** How far a learner is with a skill, as the instructor records it after a lesson. */
export const skillLevelLabels: Record<SkillLevel, string> = {
  INTRODUCED: "Introduced",
  PRACTISING: "Practising",
  COMPETENT: "Competent",
};

export const genderLabels: Record<Gender, string> = {
  MALE: "Male",
  FEMALE: "Female",
  OTHER: "Other",
};

export const bookingStatusLabels: Record<BookingStatus, string> = {
  PENDING_PAYMENT: "Awaiting payment",
  SCHEDULED: "Scheduled",
  COMPLETED: "Completed",
  NO_SHOW: "No-show",
  CANCELLED: "Cancelled",
  EXPIRED: "Expired",
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  PENDING: "Pending",
  PAID: "Paid",
  FAILED: "Failed",
  CANCELLED: "Cancelled",
  EXPIRED: "Expired",
  REFUNDED: "Refunded",
};

export const paymentTypeLabels: Record<PaymentType, string> = {
  BUNDLE: "Bundle",
  BOOKINGS: "Lessons",
  TEST_PACK_CREDIT: "Test package credit",
};

export const verificationStatusLabels: Record<VerificationStatus, string> = {
  PENDING: "Pending",
  VERIFIED: "Verified",
  REJECTED: "Rejected",
};

/** A card refund as the tax invoice's adjustment notes print it. */
export const refundStatusLabels: Record<RefundStatus, string> = {
  PENDING: "Processing",
  SUCCEEDED: "Refunded",
};

export const refundReasonLabels: Record<RefundReason, string> = {
  LESSON_CANCELLED: "Lesson cancelled",
  UNFULFILLED_PAYMENT: "Paid after the hold lapsed",
  NO_SHOW_DISPUTE: "No-show disputed: refunded",
  HELD_LESSON: "Taught while the instructor could not teach",
};

/** A payout as the operator reads it (a PENDING payout is due to be paid). */
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  PENDING: "Due",
  PAID: "Paid",
  FAILED: "Failed",
};

export const outboxStatusLabels: Record<OutboxStatus, string> = {
  PENDING: "Waiting to send",
  SENT: "Sent",
  FAILED: "Failed",
};

/** Email kinds as the admin Outbox page names them. */
export const emailKindLabels: Record<EmailKind, string> = {
  booking_confirmed: "Booking confirmed",
  bundle_purchased: "Bundle purchased",
  lesson_cancelled: "Lesson cancelled",
  lesson_rescheduled: "Lesson rescheduled",
  lesson_reminder: "Lesson reminder",
  mark_lesson: "Mark the lesson",
  documents_expiring: "Documents expiring",
  password_reset: "Password reset",
  password_changed: "Password changed",
  email_change_confirm: "Confirm a new email address",
  email_changed: "Email address changed",
  instructor_verified: "Instructor verified",
  instructor_delisted: "Instructor not listed",
  instructor_unavailable: "Instructor cannot teach",
  lesson_no_show: "Lesson marked no-show",
  lesson_clash: "Instructor unavailable for a lesson",
  lesson_clash_resolved: "Lesson clash resolved",
  move_proposed: "New lesson time proposed",
  move_proposal_answered: "Proposed time accepted or declined",
  move_proposal_withdrawn: "Proposed time withdrawn",
  new_messages: "New messages",
  guardian_invited: "Guardian invitation",
  payer_receipt: "Guardian's receipt",
  lesson_recorded: "Lesson record",
  held_lesson_refunded: "Held lesson refunded",
  instructor_welcome: "Instructor welcome",
  payout_waiting: "Payout waiting (ABN or RCTI agreement)",
  pass_promise_decided: "Pass-promise claim decided",
  time_alert_opening: "Earlier time opened",
  time_alert_ended: "Earlier-time alert ended",
};

/** A stored kind's label; a kind this build does not know (an older or newer message) shows as it is. */
export function emailKindLabel(kind: string): string {
  return Object.hasOwn(emailKindLabels, kind) ? emailKindLabels[kind as EmailKind] : kind;
}
