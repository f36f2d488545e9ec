/**
 * Every validation message a person can see, written for a person. The shared schemas give their own
 * words where the spec has them ("Email is required", "Rate must be at least $30/hour"); for every
 * other check zod would answer in its own terms ("Too big: expected string to have <=80 characters",
 * "Invalid input: expected number, received string"). This error map, configured once for the zod
 * the web and the API share, words those instead: the field is named from its key ("firstName" →
 * "First name") and the limit said in plain English ("First name must be 80 characters or fewer").
 *
 * One place rather than a message on every check: a check added tomorrow without a message is
 * covered too, and human-errors.test.ts walks every exported schema to prove none slips through.
 * An explicit message on a check still wins (zod asks this map only when the schema gave none).
 */
import { z } from "zod";
import { plural } from "../words/plural.ts";

/** Field names that read better than their key split into words. */
const FIELD_LABELS: Record<string, string> = {
  email: "Email",
  newEmail: "New email",
  currentPassword: "Current password",
  newPassword: "New password",
  confirmPassword: "Password confirmation",
  licenseNumber: "Licence number",
  licenseType: "Licence type",
  licenceExpiresAt: "Licence expiry date",
  wwcNumber: "Working With Children Check number",
  wwcExpiresAt: "Working With Children Check expiry date",
  totalLessons: "Number of lessons",
  estimatedLessons: "Number of lessons",
  pricePerLesson: "Price per lesson",
  standardRate: "Standard rate",
  poolRate: "Pool rate",
  pickupLocation: "Pickup address",
  startTime: "Start time",
  endTime: "End time",
  startDate: "Start date",
  endDate: "End date",
  instructorId: "Instructor",
  bookingId: "Lesson",
  paymentId: "Payment",
  savedCardId: "Saved card",
  cardId: "Saved card",
  sessionId: "Card provider session",
  bundleId: "Bundle",
  id: "ID",
  abn: "ABN",
  bsb: "BSB",
  url: "Web address",
  dayOfWeek: "Day of the week",
  pageSize: "Page size",
};

/** "firstName" → "First name"; "suburbs" → "Suburbs"; array indexes are skipped. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === "string");
  if (!key) return "This value";
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "This value";
}

const formatNumber = (value: number | bigint) =>
  typeof value === "bigint" ? value.toString() : Number.isInteger(value) ? String(value) : value.toString();

const formatLimitDate = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

type Issue = z.core.$ZodRawIssue;

function tooBig(label: string, issue: Extract<Issue, { code: "too_big" }>): string {
  const max = issue.maximum as number | bigint;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case "string":
      return inclusive
        ? `${label} must be ${plural(Number(max), "character", "characters")} or fewer`
        : `${label} must be fewer than ${plural(Number(max), "character", "characters")}`;
    case "array":
    case "set":
      return inclusive
        ? `${label} can have at most ${plural(Number(max), "entry", "entries")}`
        : `${label} must have fewer than ${plural(Number(max), "entry", "entries")}`;
    case "date":
      return `${label} must be ${inclusive ? "on or before" : "before"} ${formatLimitDate(max)}`;
    case "file":
      return `${label} is too large`;
    default:
      return inclusive
        ? `${label} must be ${formatNumber(max)} or less`
        : `${label} must be less than ${formatNumber(max)}`;
  }
}

function tooSmall(label: string, issue: Extract<Issue, { code: "too_small" }>): string {
  const min = issue.minimum as number | bigint;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case "string":
      if (Number(min) <= 1 && inclusive) return `${label} is required`;
      return inclusive
        ? `${label} must be at least ${plural(Number(min), "character", "characters")}`
        : `${label} must be more than ${plural(Number(min), "character", "characters")}`;
    case "array":
    case "set":
      if (Number(min) <= 1 && inclusive) return `${label} needs at least one entry`;
      return `${label} needs at least ${plural(Number(min), "entry", "entries")}`;
    case "date":
      return `${label} must be ${inclusive ? "on or after" : "after"} ${formatLimitDate(min)}`;
    default:
      return inclusive
        ? `${label} must be at least ${formatNumber(min)}`
        : `${label} must be more than ${formatNumber(min)}`;
  }
}

function wrongType(label: string, issue: Extract<Issue, { code: "invalid_type" }>): string {
  if (issue.input === undefined) return `${label} is required`;
  switch (issue.expected) {
    case "int":
      return typeof issue.input === "number"
        ? `${label} must be a whole number`
        : `${label} must be a number`;
    case "number":
    case "bigint":
      return `${label} must be a number`;
    case "string":
      return `${label} must be text`;
    case "boolean":
      return `${label} must be true or false`;
    case "array":
    case "set":
      return `${label} must be a list`;
    case "date":
      return `${label} must be a date`;
    case "null":
      return `${label} must be left empty`;
    default:
      return `${label} is missing or not in the right form`;
  }
}

const FORMAT_WORDS: Record<string, (label: string) => string> = {
  email: () => "Enter a valid email address, like name@example.com",
  url: (label) => `${label} must be a full web address, starting with https://`,
  uuid: (label) => `${label} is not a valid reference`,
  guid: (label) => `${label} is not a valid reference`,
  datetime: (label) => `${label} must be a date and time, like 2026-12-01T10:00:00+11:00`,
  date: (label) => `${label} must be a date, like 2026-12-01`,
  time: (label) => `${label} must be a time, like 09:30`,
  duration: (label) => `${label} must be a length of time`,
};

function wrongFormat(label: string, issue: Extract<Issue, { code: "invalid_format" }>): string {
  const words = FORMAT_WORDS[issue.format];
  if (words) return words(label);
  if (issue.format === "starts_with" && "prefix" in issue)
    return `${label} must start with "${issue.prefix}"`;
  if (issue.format === "ends_with" && "suffix" in issue) return `${label} must end with "${issue.suffix}"`;
  if (issue.format === "includes" && "includes" in issue) return `${label} must include "${issue.includes}"`;
  return `${label} is not in the right format`;
}

function oneOf(label: string, values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  if (shown.length === 1) return `${label} must be ${shown[0]}`;
  if (shown.length <= 8) return `${label} must be one of: ${shown.join(", ")}`;
  return `${label} is not one of the accepted values`;
}

/** The words for one issue, or undefined to keep a message the schema gave itself. */
export function humanError(issue: Issue): string {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case "too_big":
      return tooBig(label, issue);
    case "too_small":
      return tooSmall(label, issue);
    case "invalid_type":
      return wrongType(label, issue);
    case "invalid_format":
      return wrongFormat(label, issue);
    case "invalid_value":
      return oneOf(label, issue.values);
    case "not_multiple_of": {
      const divisor = Number(issue.divisor);
      if (divisor === 0.01) return `${label} can have at most two decimal places`;
      if (divisor === 1) return `${label} must be a whole number`;
      return `${label} must be a multiple of ${formatNumber(issue.divisor as number)}`;
    }
    case "unrecognized_keys":
      return `This request has ${issue.keys.length === 1 ? "a field" : "fields"} Kerb does not know: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return `${label} is not in any of the accepted forms`;
    case "invalid_key":
      return `${label} has a name that is not valid`;
    case "invalid_element":
      return `${label} has an entry that is not valid`;
    default:
      return `${label} is not valid`;
  }
}

z.config({ customError: humanError });
