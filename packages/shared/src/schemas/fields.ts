/**
 * Field schemas several endpoints share, each built on its rule in ../rules so the check lives once and
 * the services behind these schemas need not repeat it.
 */
import { z } from "zod";
import { MAX_RANGE_DAYS, MAX_STANDARD_RATE_DOLLARS, MIN_STANDARD_RATE_DOLLARS } from "../constants.ts";
import {
  AU_PHONE_MESSAGE,
  INSTRUCTOR_LICENCE_MESSAGE,
  isEmployeeWwcNumber,
  normaliseAuPhone,
  normaliseInstructorLicenceNumber,
  normaliseWwcNumber,
  WWC_NUMBER_MESSAGE,
  WWC_VOLUNTEER_MESSAGE,
} from "../rules/contact-formats.ts";
import { findSuburb, unknownSuburbMessage } from "../rules/suburbs.ts";
import { daysBetween, isValidIsoDate } from "../rules/sydney-time.ts";
import { safeText } from "./common.ts";

/** One of the 12 suburbs we serve, matched case-insensitively and answered in its canonical spelling. */
export const suburbName = (requiredMessage = "Suburb is required") =>
  safeText({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const match = findSuburb(value);
      if (!match) {
        ctx.addIssue({ code: "custom", message: unknownSuburbMessage() });
        return z.NEVER;
      }
      return match;
    });

/** An instructor's standard rate in dollars per hour: registration and settings (spec §5 messages). */
export const standardRateDollars = z
  .number({ error: "Standard rate is required" })
  .min(MIN_STANDARD_RATE_DOLLARS, `Rate must be at least $${MIN_STANDARD_RATE_DOLLARS}/hour`)
  .max(MAX_STANDARD_RATE_DOLLARS, `Rate cannot exceed $${MAX_STANDARD_RATE_DOLLARS}/hour`)
  .multipleOf(0.01, "Rate must be in whole cents");

/**
 * `.superRefine(dateRangeInOrder)` on an object with real `startDate`/`endDate` dates: the end is not
 * before the start and the range covers at most MAX_RANGE_DAYS days (the booking horizon, today
 * included). Whether the dates lie inside the horizon depends on the clock: the service checks that.
 */
export function dateRangeInOrder(value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  // zod still runs this when a date itself was refused; that date already has its issue.
  if (!isValidIsoDate(value.startDate) || !isValidIsoDate(value.endDate)) return;
  const days = daysBetween(value.startDate, value.endDate) + 1;
  if (days < 1) {
    ctx.addIssue({
      code: "custom",
      message: "The end date must not be before the start date",
      path: ["endDate"],
    });
  } else if (days > MAX_RANGE_DAYS) {
    ctx.addIssue({
      code: "custom",
      message: `A date range can cover at most ${MAX_RANGE_DAYS} days`,
      path: ["endDate"],
    });
  }
}

/** A required field of text normalised by `normalise`, or refused with `invalidMessage`. */
const normalisedText = (
  requiredMessage: string,
  invalidMessage: string,
  normalise: (value: string) => string | null,
) =>
  safeText({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(40, invalidMessage)
    .transform((value, ctx) => {
      const normalised = normalise(value);
      if (normalised === null) {
        ctx.addIssue({ code: "custom", message: invalidMessage });
        return z.NEVER;
      }
      return normalised;
    });

/** An Australian mobile or landline, answered in its stored form ("0412 345 678", "02 9876 5432"). */
export const auPhone = (requiredMessage = "Phone is required") =>
  normalisedText(requiredMessage, AU_PHONE_MESSAGE, normaliseAuPhone);

/** A NSW driving instructor licence number, answered as its digits (rules/contact-formats.ts). */
export const instructorLicenceNumber = (requiredMessage = "Licence number is required") =>
  normalisedText(requiredMessage, INSTRUCTOR_LICENCE_MESSAGE, normaliseInstructorLicenceNumber);

/**
 * An instructor's NSW Working With Children Check number, answered as WWC1234567E. The format takes E
 * (employee) or V (volunteer); an instructor's must be an employee check.
 */
export const instructorWwcNumber = (requiredMessage = "Working With Children Check number is required") =>
  normalisedText(requiredMessage, WWC_NUMBER_MESSAGE, normaliseWwcNumber).refine(
    isEmployeeWwcNumber,
    WWC_VOLUNTEER_MESSAGE,
  );
