import {
  BUNDLE_VALIDITY_MONTHS,
  CALENDAR_DAYS,
  DRAFT_LIFETIME_MINUTES,
  FULL_REFUND_NOTICE_HOURS,
  GST_RATE,
  HALF_REFUND_NOTICE_HOURS,
  HALF_REFUND_SHARE,
  HOLD_MINUTES,
  INSTRUCTOR_SHARE,
  PLATFORM_FEE_RATE,
  POOL_PRICE_FACTOR,
  RESCHEDULE_NOTICE_HOURS,
} from "@kerb/shared";
import { POOL_END_MINUTES, POOL_START_MINUTES } from "@kerb/shared/rules";

/**
 * The product's policies as the pages word them, computed from the shared constants: change a constant
 * and every sentence follows.
 */

/** 0.35 → "35%" (whole percents; the policies have no fractions). */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** What pool hours save against the standard rate: "35%". */
export const POOL_DISCOUNT = formatPercent(1 - POOL_PRICE_FACTOR);
/** "10%" */
export const GST_PERCENT = formatPercent(GST_RATE);
/** Kerb's platform fee on a lesson: "25%". */
export const PLATFORM_FEE_PERCENT = formatPercent(PLATFORM_FEE_RATE);
/** What the instructor keeps of a lesson's price: "75%". */
export const INSTRUCTOR_SHARE_PERCENT = formatPercent(INSTRUCTOR_SHARE);

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
export const DRAFT_LIFETIME =
  DRAFT_LIFETIME_MINUTES % 60 === 0
    ? plural(DRAFT_LIFETIME_MINUTES / 60, "hour")
    : plural(DRAFT_LIFETIME_MINUTES, "minute");

/** "12 months" */
export const BUNDLE_VALIDITY = plural(BUNDLE_VALIDITY_MONTHS, "month");

/** The cancellation and rescheduling terms printed on every invoice (spec §9). */
export const CANCELLATION_TERMS: readonly string[] = [
  `Cancel more than ${FULL_REFUND_NOTICE_HOURS} hours before a lesson: full refund.`,
  `Cancel ${HALF_REFUND_NOTICE_HOURS} to ${FULL_REFUND_NOTICE_HOURS} hours before: ${formatPercent(HALF_REFUND_SHARE)} refund.`,
  `Cancel less than ${HALF_REFUND_NOTICE_HOURS} hours before: no refund.`,
  `You can reschedule a lesson up to ${RESCHEDULE_NOTICE_HOURS} hours before it starts.`,
  `Bundle credits expire ${BUNDLE_VALIDITY} after purchase.`,
];
