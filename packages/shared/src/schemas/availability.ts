import { z } from "zod";
import { LESSON_LENGTHS } from "../constants.ts";
import { lessonLengthChoices } from "../rules/lesson-lengths.ts";
import { calendarDate } from "./common.ts";
import { dateRangeInOrder, suburbName } from "./fields.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

/**
 * Query of both GET /api/student/availability-summary and GET /api/student/slots: a suburb we serve
 * (answered in its canonical spelling), real dates in order, at most MAX_RANGE_DAYS of them. The
 * service adds the clock-dependent check: both dates inside the booking horizon.
 */
export const availabilityQuery = z
  .object({
    suburb: suburbName(),
    startDate: calendarDate,
    endDate: calendarDate,
    instructorId: z.uuid().optional(),
    poolHoursOnly: booleanFlag,
    /** How long each lesson is, in minutes (LESSON_LENGTHS); 60 when absent. */
    lessonMinutes: z
      .enum(LESSON_LENGTHS.map(String) as ["60", "90", "120"], {
        error: `Lessons are ${lessonLengthChoices()} long`,
      })
      .transform(Number)
      .optional(),
  })
  .superRefine(dateRangeInOrder);
export type AvailabilityQuery = z.input<typeof availabilityQuery>;

export const daySummary = z.object({
  hasAvailability: z.boolean(),
  poolHours: z.number().int(),
  standardHours: z.number().int(),
  totalSlots: z.number().int(),
});
export type DaySummary = z.infer<typeof daySummary>;
/** Keyed by Sydney date YYYY-MM-DD, one entry for every date of the range. */
export const availabilitySummaryResponse = z.record(z.string(), daySummary);
export type AvailabilitySummary = z.infer<typeof availabilitySummaryResponse>;

export const slot = z.object({
  startTime: z.string(),
  endTime: z.string(),
  /** Null for an auto-assigned pool slot: the server picks a free pool instructor at booking. */
  instructorId: z.uuid().nullable(),
  instructorName: z.string(),
  /** Dollars. */
  price: z.number(),
  isPoolHours: z.boolean(),
});
export type Slot = z.infer<typeof slot>;
export const slotsResponse = z.array(slot);
