import { z } from "zod";
import { WEEKLY_SERIES_MAX_WEEKS, WEEKLY_SERIES_MIN_WEEKS } from "../constants.ts";
import { SERIES_WEEK_REASONS } from "../rules/weekly-series.ts";
import { batchBookingRequest, checkoutResponse } from "./bookings.ts";
import { isoDateTime, safeText } from "./common.ts";
import { suburbName } from "./fields.ts";
import { invoiceNumberClaim } from "./invoices.ts";
import { studentRefund } from "./student-lessons.ts";

// A weekly lesson (issue 34): preview the weeks, book the ones chosen in one payment, cancel the rest.

const dollars = z.number().min(0).max(100_000).multipleOf(0.01, "Prices are in whole cents");

/** The series asked for: its first lesson (the weekday and Sydney time of every week) and how many weeks. */
export const weeklySeriesRequest = z.object({
  instructorId: z.uuid(),
  /** The first lesson's start; every later week is the same Sydney wall-clock time, 7 days on. */
  startTime: isoDateTime,
  /** The first lesson's end: the length of every lesson. */
  endTime: isoDateTime,
  weeks: z
    .number()
    .int()
    .min(WEEKLY_SERIES_MIN_WEEKS, `A weekly lesson runs for at least ${WEEKLY_SERIES_MIN_WEEKS} weeks`)
    .max(WEEKLY_SERIES_MAX_WEEKS, `A weekly lesson runs for at most ${WEEKLY_SERIES_MAX_WEEKS} weeks`),
  /** Suburb the lessons are in; defaults to the student's own suburb. */
  suburb: suburbName().optional(),
  pickupLocation: safeText().trim().max(200).optional().nullable(),
});
export type WeeklySeriesRequest = z.input<typeof weeklySeriesRequest>;

/** A time a lesson can be had at, with its price (GST included is the invoice's). */
export const seriesTime = z.object({
  startTime: z.string(),
  endTime: z.string(),
  /** Dollars ex GST, at the rate that date's rules give (pool or full). */
  price: z.number(),
  isPoolHours: z.boolean(),
});
export type SeriesTime = z.infer<typeof seriesTime>;

export const seriesWeekPreview = z.object({
  week: z.number().int(),
  /** The Sydney date of the series' weekday that week. */
  date: z.string(),
  /** The series' time that week (null only when it does not exist: the DST-start gap). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  available: z.boolean(),
  /** The price when available, dollars ex GST. */
  price: z.number().nullable(),
  isPoolHours: z.boolean(),
  /** Why the week cannot be had; null when available. */
  reason: z.object({ code: z.enum(SERIES_WEEK_REASONS), message: z.string() }).nullable(),
  /** Other free times with the same instructor that week (nearest first); empty when available. */
  alternatives: z.array(seriesTime),
});
export type SeriesWeekPreview = z.infer<typeof seriesWeekPreview>;

/** POST /api/student/weekly-series/preview: every week as it stands, and what the available ones cost. */
export const weeklySeriesPreviewResponse = z.object({
  instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  suburb: z.string(),
  weeks: z.array(seriesWeekPreview),
  /** The available weeks as they are, in dollars: subtotal, GST and total incl. GST. */
  subtotal: z.number(),
  gst: z.number(),
  total: z.number(),
});
export type WeeklySeriesPreview = z.infer<typeof weeklySeriesPreviewResponse>;

/** What the learner chose for one week: keep its time, skip it, or move it to one of the offered times. */
export const seriesWeekChoice = z.discriminatedUnion("action", [
  z.object({
    week: z.number().int().min(1),
    action: z.literal("keep"),
    price: dollars,
    isPoolHours: z.boolean(),
  }),
  z.object({ week: z.number().int().min(1), action: z.literal("skip") }),
  z.object({
    week: z.number().int().min(1),
    action: z.literal("move"),
    startTime: isoDateTime,
    endTime: isoDateTime,
    price: dollars,
    isPoolHours: z.boolean(),
  }),
]);
export type SeriesWeekChoice = z.input<typeof seriesWeekChoice>;

/** POST /api/student/weekly-series: the series and a choice for every week; one payment for the kept ones. */
export const bookWeeklySeriesRequest = weeklySeriesRequest.extend({
  choices: z.array(seriesWeekChoice).min(1).max(WEEKLY_SERIES_MAX_WEEKS),
  /** The number shown on the invoice screen (POST /student/invoices); a fresh one when absent. */
  invoice: invoiceNumberClaim.optional(),
  /** Pay the whole series once with this saved card, off-session, as a batch booking can. */
  savedCardId: batchBookingRequest.shape.savedCardId,
});
export type BookWeeklySeriesRequest = z.input<typeof bookWeeklySeriesRequest>;

/** The series' payment, as for any checkout, and the series' id. */
export const bookWeeklySeriesResponse = checkoutResponse.extend({ seriesId: z.uuid() });
export type BookWeeklySeriesResponse = z.infer<typeof bookWeeklySeriesResponse>;

/** A lesson of a series and what cancelling it now gives back. */
export const seriesLessonRefund = z.object({
  id: z.uuid(),
  startTime: z.string(),
  tier: z.enum(["full", "half", "none"]),
  refund: studentRefund,
});

/**
 * GET /api/student/weekly-series/{id}/cancellation: what cancelling all the series' future lessons
 * would give back, lesson by lesson under the normal tiers, and in total.
 */
export const seriesCancellationPreviewResponse = z.object({
  seriesId: z.uuid(),
  lessons: z.array(seriesLessonRefund),
  /** Dollars back to the card in all, GST included, and its GST part. */
  refund: z.object({ amount: z.number(), gst: z.number() }),
  summary: z.string(),
});
export type SeriesCancellationPreview = z.infer<typeof seriesCancellationPreviewResponse>;

/** POST /api/student/weekly-series/{id}/cancel: the lessons it cancelled now (none when repeated). */
export const cancelSeriesResponse = z.object({
  seriesId: z.uuid(),
  cancelled: z.array(seriesLessonRefund),
  refund: z.object({ amount: z.number(), gst: z.number() }),
});
export type CancelSeriesResponse = z.infer<typeof cancelSeriesResponse>;
