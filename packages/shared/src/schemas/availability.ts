import { z } from "zod";
import { isoDate, safeText } from "./common.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

/** Query of both GET /api/student/availability-summary and GET /api/student/slots. */
export const availabilityQuery = z.object({
  suburb: safeText().trim().min(1, "Suburb is required"),
  startDate: isoDate,
  endDate: isoDate,
  instructorId: z.uuid().optional(),
  poolHoursOnly: booleanFlag,
});
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
