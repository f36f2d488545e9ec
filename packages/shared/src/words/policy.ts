/**
 * The product's policies as Kerb words them, computed from the constants: the web's pages, the emails,
 * the PDFs, the OpenAPI descriptions and the error messages all print these, so changing a constant
 * changes every sentence that quotes it.
 */

import {
  BUNDLE_VALIDITY_MONTHS,
  CALENDAR_DAYS,
  DRAFT_LIFETIME_MINUTES,
  FULL_REFUND_NOTICE_HOURS,
  GST_RATE,
  GUARDIAN_INVITATION_DAYS,
  HALF_REFUND_NOTICE_HOURS,
  HALF_REFUND_SHARE,
  HOLD_MINUTES,
  INSTRUCTOR_SHARE,
  MIN_LEAD_TIME_MINUTES,
  MOVE_PROPOSAL_LAPSE_HOURS,
  NO_SHOW_DISPUTE_DAYS,
  PLATFORM_FEE_RATE,
  POOL_PRICE_FACTOR,
  RESCHEDULE_NOTICE_HOURS,
  TEST_PACK_FULL_REFUND_NOTICE_HOURS,
  TEST_PACK_HALF_REFUND_NOTICE_HOURS,
} from "../constants.ts";
import { bundleOptions } from "../rules/bundles.ts";
import { DOCUMENT_EXPIRY_WARNING_DAYS } from "../rules/instructor-listing.ts";
import {
  LESSON_BONUS_CAP_HOURS,
  LESSON_MULTIPLIER,
  LOGBOOK_AGE_LIMIT,
  LOGBOOK_REQUIRED_HOURS,
  LOGBOOK_REQUIRED_NIGHT_HOURS,
  SAFER_DRIVERS_COURSE_HOURS,
} from "../rules/logbook.ts";
import { formatAud } from "../rules/money.ts";
import { DOCUMENT_EXPIRY_NOTICE_DAYS, REMINDER_LEAD_HOURS } from "../rules/notification-timing.ts";
import { POOL_END_MINUTES, POOL_START_MINUTES } from "../rules/pool-hours.ts";
import { REVIEW_WINDOW_DAYS } from "../rules/reviews.ts";
import { PASS_PROMISE_CREDIT_VALIDITY_MONTHS } from "../rules/test-pack-outcomes.ts";
import { plural } from "./plural.ts";

/** 0.35 → "35%" (whole percents; the policies have no fractions). */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** 120 → "2 hours", 30 → "30 minutes": whole hours as hours, anything else in minutes. */
export function formatDuration(minutes: number): string {
  return minutes % 60 === 0 ? plural(minutes / 60, "hour") : plural(minutes, "minute");
}

/** What pool hours save against the standard rate: "35%". */
export const POOL_DISCOUNT = formatPercent(1 - POOL_PRICE_FACTOR);
/** "10%" */
export const GST_PERCENT = formatPercent(GST_RATE);
/** Kerb's platform fee on a lesson: "25%". */
export const PLATFORM_FEE_PERCENT = formatPercent(PLATFORM_FEE_RATE);
/** What the instructor keeps of a lesson's price: "75%". */
export const INSTRUCTOR_SHARE_PERCENT = formatPercent(INSTRUCTOR_SHARE);

/**
 * Which lessons the instructor's earnings and payouts count (rules/payouts.ts `payableGrossCents` > 0),
 * said once for the earnings page.
 */
export const EARNING_LESSONS_NOTE =
  "Lessons counts every lesson you are paid for: those you taught, no-shows, and late cancellations " +
  "(on the value Kerb keeps), the same lessons your payouts count.";

const bundleLessonPrices = bundleOptions().map((option) => option.pricePerLessonCents);
const wholeAud = (cents: number) => formatAud(cents).replace(/\.00$/, "");

/** The per-lesson prices bundles sell at (rules/bundles.ts): "$65–$75". */
export const BUNDLE_LESSON_PRICE_RANGE = `${wholeAud(Math.min(...bundleLessonPrices))}–${wholeAud(
  Math.max(...bundleLessonPrices),
)}`;

/**
 * What a lesson paid with a bundle credit earns: its value is the bundle's per-lesson price, not the
 * instructor's rate, and the share is taken of that (rules/payouts.ts), said once for the earnings page.
 */
export const BUNDLE_LESSON_EARNINGS_NOTE =
  `Lessons paid with bundle credits earn ${INSTRUCTOR_SHARE_PERCENT} of the bundle's per-lesson price ` +
  `(${BUNDLE_LESSON_PRICE_RANGE} a lesson), whatever your rate.`;

/** Minutes after midnight as a clock time: 600 → "10 am", 870 → "2:30 pm"; `withMinutes` → "10:00 am". */
export function formatClockMinutes(minutes: number, { withMinutes = false } = {}): string {
  const hours = Math.floor(minutes / 60) % 24;
  const mins = minutes % 60;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const suffix = hours < 12 ? "am" : "pm";
  return mins === 0 && !withMinutes
    ? `${hour12} ${suffix}`
    : `${hour12}:${String(mins).padStart(2, "0")} ${suffix}`;
}

/**
 * What an instructor out of pool hours is told, and how to join: a new instructor starts out of them
 * (issue 30). The welcome email and the dashboard say it in these words; `pageLink` is " (url)" in emails.
 */
export function poolHoursNotJoinedText(pageLink = ""): string {
  return `You are not in pool hours: to join, turn on "Offer pool hours" under Pool hours on your availability page${pageLink}.`;
}

/** The weekday pool-hour window: "10 am – 3 pm", or "10:00 am – 3:00 pm" `withMinutes`. */
export function poolWindowText(options: { withMinutes?: boolean } = {}): string {
  return `${formatClockMinutes(POOL_START_MINUTES, options)} – ${formatClockMinutes(POOL_END_MINUTES, options)}`;
}

/** How long chosen times are held while paying: "30 minutes". */
export const HOLD_DURATION = plural(HOLD_MINUTES, "minute");
/** "30-minute", as in "your 30-minute hold". */
export const HOLD_DURATION_ADJECTIVE = `${HOLD_MINUTES}-minute`;

/** "next 30 days": how far ahead lessons can be booked. */
export function calendarWindowText(): string {
  return `next ${plural(CALENDAR_DAYS, "day")}`;
}

/** How long a saved booking lasts: "2 hours" (or minutes when it is not whole hours). */
export const DRAFT_LIFETIME = formatDuration(DRAFT_LIFETIME_MINUTES);

/** The shortest notice a lesson can be booked with: "2 hours". */
export const MIN_LEAD_TIME = formatDuration(MIN_LEAD_TIME_MINUTES);

/** "12 months" */
export const BUNDLE_VALIDITY = plural(BUNDLE_VALIDITY_MONTHS, "month");
/** How long a test-pack credit lasts, bought or the pass promise's: "12 months". */
export const TEST_PACK_CREDIT_VALIDITY = plural(PASS_PROMISE_CREDIT_VALIDITY_MONTHS, "month");
/** How long a guardian invitation can be accepted: "14 days". */
export const GUARDIAN_INVITATION_WINDOW = plural(GUARDIAN_INVITATION_DAYS, "day");

/** How long before its start a lesson can still be moved: "24 hours". */
export const RESCHEDULE_NOTICE = plural(RESCHEDULE_NOTICE_HOURS, "hour");
/** "24 hours": until when before the lesson a new time can be proposed or accepted. */
export const MOVE_PROPOSAL_LAPSE = plural(MOVE_PROPOSAL_LAPSE_HOURS, "hour");

/** How long after a lesson ends the student may review it: "14 days". */
export const REVIEW_WINDOW = plural(REVIEW_WINDOW_DAYS, "day");

/** How long after a lesson a no-show can be disputed: "7 days". */
export const NO_SHOW_DISPUTE_WINDOW = plural(NO_SHOW_DISPUTE_DAYS, "day");

/** How a student marked a no-show disputes it, in the no-show email. */
export const NO_SHOW_DISPUTE =
  `If you did come to this lesson, reply to this email within ${NO_SHOW_DISPUTE_WINDOW} of it and tell us what happened. ` +
  "We will look into it with your instructor and refund you if the no-show was marked by mistake.";

/** How long before a document expires its instructor is emailed: "30 days". */
export const DOCUMENT_REMINDER_NOTICE = plural(DOCUMENT_EXPIRY_NOTICE_DAYS, "day");

/** How close to its expiry a document is flagged to the admin and the instructor: "30 days". */
export const DOCUMENT_EXPIRY_WARNING = plural(DOCUMENT_EXPIRY_WARNING_DAYS, "day");

const RESCHEDULE_TERM = `You can reschedule a lesson up to ${RESCHEDULE_NOTICE} before it starts.`;
const CREDIT_EXPIRY_TERM = `Bundle credits expire ${BUNDLE_VALIDITY} after purchase.`;

/** The cancellation and rescheduling terms printed on every invoice (spec §9). */
export const CANCELLATION_TERMS: readonly string[] = [
  `Cancel more than ${FULL_REFUND_NOTICE_HOURS} hours before a lesson: full refund.`,
  `Cancel ${HALF_REFUND_NOTICE_HOURS} to ${FULL_REFUND_NOTICE_HOURS} hours before: ${formatPercent(HALF_REFUND_SHARE)} refund.`,
  `Cancel less than ${HALF_REFUND_NOTICE_HOURS} hours before: no refund.`,
  RESCHEDULE_TERM,
  CREDIT_EXPIRY_TERM,
];

/**
 * What happens to a lesson paid with a bundle credit: a credit cannot be split, so the card tiers above
 * become "back to the bundle" or "used". Printed beside CANCELLATION_TERMS on the bundle's invoice
 * (screen and PDF) and in its email.
 */
export const BUNDLE_CREDIT_TERMS: readonly string[] = [
  `Cancel a lesson paid with a credit more than ${FULL_REFUND_NOTICE_HOURS} hours before it starts: its credits go back to your bundle (one for each hour of the lesson).`,
  `Cancel it ${FULL_REFUND_NOTICE_HOURS} hours or less before: its credits are used (a credit cannot be split, so there is no ${formatPercent(HALF_REFUND_SHARE)} refund).`,
];

/** A driving-test package's full-refund notice: "7 days" (168 hours). */
export const TEST_PACK_FULL_REFUND_NOTICE =
  TEST_PACK_FULL_REFUND_NOTICE_HOURS % 24 === 0
    ? plural(TEST_PACK_FULL_REFUND_NOTICE_HOURS / 24, "day")
    : plural(TEST_PACK_FULL_REFUND_NOTICE_HOURS, "hour");
/** "48 hours" */
export const TEST_PACK_HALF_REFUND_NOTICE = plural(TEST_PACK_HALF_REFUND_NOTICE_HOURS, "hour");

/**
 * A driving-test package's own terms (rules/test-pack-cancellation.ts): longer notice than a lesson, since
 * the instructor keeps a half-day for it; a changed test time is a move, not a cancellation.
 */
export const TEST_PACK_CANCELLATION_TERMS: readonly string[] = [
  `Cancel a test package ${TEST_PACK_FULL_REFUND_NOTICE} or more before the pick-up: full refund, or your test-pack credit back.`,
  `Cancel it ${TEST_PACK_HALF_REFUND_NOTICE} to ${TEST_PACK_FULL_REFUND_NOTICE} before: ${formatPercent(HALF_REFUND_SHARE)} refund (a test-pack credit cannot be split, so it stays used).`,
  `Cancel less than ${TEST_PACK_HALF_REFUND_NOTICE} before: no refund.`,
  "If Service NSW moves your test, or you move it, move the package to the new test time instead: up to the pick-up, at no cost, if your instructor is free then.",
];

/** Every term that applies to a lesson booked with credits, for the credit booking screen. */
export const CREDIT_LESSON_TERMS: readonly string[] = [
  ...BUNDLE_CREDIT_TERMS,
  RESCHEDULE_TERM,
  CREDIT_EXPIRY_TERM,
];

/** The terms in two sentences, for the booking confirmation. */
export const RESCHEDULE_AND_REFUND_SUMMARY =
  `You can reschedule up to ${RESCHEDULE_NOTICE} before a lesson starts. ` +
  `Cancelling more than ${FULL_REFUND_NOTICE_HOURS} hours ahead refunds in full.`;

/**
 * What the lesson reminder tells the student. It goes out REMINDER_LEAD_HOURS before the lesson, when
 * (by policy.test.ts) both the reschedule window and every refund tier have already closed.
 */
export const REMINDER_LATE_NOTICE = `It is now less than ${plural(REMINDER_LEAD_HOURS, "hour")} away, so it can no longer be rescheduled, and cancelling now refunds nothing.`;

/** "120 hours, 20 of them at night": what a learner under 25 logs before the driving test (NSW). */
export const LOGBOOK_REQUIREMENT = `${plural(LOGBOOK_REQUIRED_HOURS, "hour")}, ${LOGBOOK_REQUIRED_NIGHT_HOURS} of them at night`;

/** How lessons count in the NSW logbook (rules/logbook.ts), in one paragraph for the API's documents. */
export const LOGBOOK_CREDIT_RULE =
  `Each minute of a completed lesson with a verified instructor that the instructor confirmed for the logbook ` +
  `counts ${LESSON_MULTIPLIER} logbook minutes for the learner's first ${LESSON_BONUS_CAP_HOURS} hours of lessons, once after ` +
  "that; structured lessons the learner declared from other schools share those 10 hours, in order of date, and " +
  `a completed Safer Drivers Course adds ${SAFER_DRIVERS_COURSE_HOURS} hours, once. Night (sunset to sunrise at the ` +
  `lesson's suburb on its Sydney date) counts as night, its bonus as day. Learners ${LOGBOOK_AGE_LIMIT} and over ` +
  "are credited nothing; without a date of birth the learner counts as under " +
  `${LOGBOOK_AGE_LIMIT} (ageUnknown). Lessons not confirmed are listed and credit nothing.`;
