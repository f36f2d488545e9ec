/** Lesson prices, GST and the platform/instructor split (spec §9). All amounts are integer cents. */
import { GST_RATE, INSTRUCTOR_SHARE, LESSON_MINUTES, POOL_PRICE_FACTOR } from "../constants.ts";

/**
 * cents × rate rounded half-up to the cent. The rate is scaled to an integer first so the product is
 * exact and only one correctly rounded division happens; a true half cent (7550 × 0.65 = 4907.5) then
 * stays exactly .5 and can never drift to .4999… from binary noise in the rate.
 */
function applyRate(cents: number, rate: number): number {
  const scaledRate = Math.round(rate * 10_000);
  return Math.round((cents * scaledRate) / 10_000);
}

/** Pool-hour price: the instructor's standard rate × 0.65. */
export function poolRateCents(standardRateCents: number): number {
  return applyRate(standardRateCents, POOL_PRICE_FACTOR);
}

/**
 * Price of one lesson: the hourly price (the standard rate, or the pool rate the listing shows) × its
 * hours, rounded half-up to the cent. 60 minutes unless `minutes` says otherwise.
 */
export function lessonPriceCents(input: {
  standardRateCents: number;
  isPoolHours: boolean;
  minutes?: number;
}): number {
  const hourly = input.isPoolHours ? poolRateCents(input.standardRateCents) : input.standardRateCents;
  const minutes = input.minutes ?? LESSON_MINUTES;
  return minutes === LESSON_MINUTES ? hourly : applyRate(hourly, minutes / 60);
}

/** GST (10%) on an invoice subtotal, rounded to the cent. */
export function gstCents(subtotalCents: number): number {
  return applyRate(subtotalCents, GST_RATE);
}

/**
 * The GST inside an amount that was charged or refunded as "ex-GST share + gstCents(share)" (every
 * card payment and refund here is). Such an amount is within half a cent of share × 1.1, so dividing
 * by 1.1 and rounding recovers the share exactly; adjustment notes print the GST part this way.
 */
export function gstIncludedCents(amountInclGstCents: number): number {
  return amountInclGstCents - Math.round((amountInclGstCents * 10) / 11);
}

export interface InvoiceTotals {
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
}

/** GST is charged once on the subtotal (not per line) so the invoice adds up exactly. */
export function invoiceTotals(lineTotalsCents: number[]): InvoiceTotals {
  let subtotalCents = 0;
  for (const line of lineTotalsCents) {
    if (!Number.isSafeInteger(line)) throw new RangeError(`Invoice line is not integer cents: ${line}`);
    subtotalCents += line;
  }
  const gst = gstCents(subtotalCents);
  return { subtotalCents, gstCents: gst, totalCents: subtotalCents + gst };
}

/** What the instructor keeps: price × 0.75, rounded to the cent. */
export function instructorEarningsCents(priceCents: number): number {
  return applyRate(priceCents, INSTRUCTOR_SHARE);
}

/** The platform keeps the remainder, so fee + earnings always equals the price to the cent. */
export function platformFeeCents(priceCents: number): number {
  return priceCents - instructorEarningsCents(priceCents);
}

/** Whole-percent saving of the pool rate over the standard rate (35 for any sensible rate). */
export function poolSavingsPercent(standardCents: number): number {
  if (standardCents <= 0) return 0;
  return Math.round(((standardCents - poolRateCents(standardCents)) / standardCents) * 100);
}
