import { z } from "zod";
import { LESSON_LENGTHS, TIME_ALERT_END_REASONS, TIME_ALERT_STATUSES } from "../constants.ts";
import { clockMinutes } from "../rules/sydney-time.ts";
import { calendarDate, isoDateTime, safeText } from "./common.ts";
import { suburbName } from "./fields.ts";

// Earlier-time alerts (issue 34, decision 044): "tell me when a time frees up".

const clockTime = z
  .string()
  .refine((value) => clockMinutes(value) !== null || value === "24:00", "Use a time like 07:30 (24-hour)");

/** POST /api/student/time-alerts. */
export const createTimeAlertRequest = z.object({
  /** The instructor to watch; null or absent: any instructor who teaches in the suburb. */
  instructorId: z.uuid().nullable().optional(),
  /** Where the lesson would be; the learner's own suburb when absent. */
  suburb: suburbName().optional(),
  /** Sydney dates, inclusive. */
  fromDate: calendarDate,
  toDate: calendarDate,
  /** Earliest start and latest finish of the lesson, Sydney time "HH:MM"; absent: any time. */
  fromTime: clockTime.optional(),
  toTime: clockTime.optional(),
  /** 0 = Sunday … 6 = Saturday; absent or empty: any day. */
  weekdays: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .optional()
    .transform((days) => (days ? [...new Set(days)].sort((a, b) => a - b) : days)),
  lessonMinutes: z
    .union(
      LESSON_LENGTHS.map((l) => z.literal(l)) as unknown as [
        z.ZodLiteral<60>,
        z.ZodLiteral<90>,
        z.ZodLiteral<120>,
      ],
      {
        error: `Choose a lesson length of ${LESSON_LENGTHS.join(", ")} minutes`,
      },
    )
    .default(60),
});
export type CreateTimeAlertRequest = z.input<typeof createTimeAlertRequest>;

export const timeAlert = z.object({
  id: z.uuid(),
  /** Null: any instructor in the suburb. */
  instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  suburb: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  lessonMinutes: z.number().int(),
  status: z.enum(TIME_ALERT_STATUSES),
  endedReason: z.enum(TIME_ALERT_END_REASONS).nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** The last time it emailed the learner (at most once a day). */
  lastNotifiedAt: z.string().nullable(),
});
export type TimeAlert = z.infer<typeof timeAlert>;

export const timeAlertResponse = z.object({ alert: timeAlert });
export type TimeAlertResponse = z.infer<typeof timeAlertResponse>;
export const timeAlertListResponse = z.object({ alerts: z.array(timeAlert) });
export type TimeAlertListResponse = z.infer<typeof timeAlertListResponse>;

/** The token of an alert email's link, as a path parameter. */
export const timeAlertOfferParams = z.object({ token: z.string().min(1).max(2000) });

/** GET /api/student/time-alert-offers/{token}: the time an alert email offered, and whether it is still free. */
export const timeAlertOfferResponse = z.object({
  offer: z.object({
    alertId: z.uuid(),
    instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
    suburb: z.string(),
    startTime: isoDateTime,
    endTime: isoDateTime,
    lessonMinutes: z.number().int(),
    /** Dollars ex GST, as the booking wizard shows a lesson; null when the time is no longer free. */
    price: z.number().nullable(),
    isPoolHours: z.boolean(),
    /** Whether the time is still free to hold right now. */
    available: z.boolean(),
    /** When the link lapses. */
    expiresAt: isoDateTime,
  }),
});
export type TimeAlertOfferResponse = z.infer<typeof timeAlertOfferResponse>;

/** POST /api/student/time-alert-offers/{token}/hold. */
export const holdTimeAlertOfferRequest = z.object({
  pickupLocation: safeText().trim().max(200).optional().nullable(),
});
