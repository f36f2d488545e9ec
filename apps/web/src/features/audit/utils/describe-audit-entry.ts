/**
 * An audit entry's details as an admin reads them: one line per fact, values in words ("Mon
 * 09:00–17:00 → Mon 10:00–16:00", "ABN: none → 51 824 753 556", "Hourly rate: $70.00 → $80.00"),
 * never a key or a piece of JSON. Entries record `{ before, after }` of what changed plus a few facts of
 * their own (reason, refund, lessons); anything this build does not know is still worded from its name.
 */
import { formatAbn, formatAud } from "@kerb/shared/rules";
import {
  bookingStatusLabels,
  genderLabels,
  licenseTypeLabels,
  refundReasonLabels,
  roleLabels,
  vehicleTypeLabels,
  verificationStatusLabels,
} from "@kerb/shared/words";
import { formatIsoDate, lessonCount, SHORT_WEEKDAYS } from "@/lib/format";

type Details = Record<string, unknown>;

// Weekly hours read Monday first, as the instructor's week does.
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

const isRecord = (value: unknown): value is Details =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type HoursRange = { weekday: number; start: string; end: string };
const isHoursRange = (value: unknown): value is HoursRange =>
  isRecord(value) &&
  typeof value.weekday === "number" &&
  typeof value.start === "string" &&
  typeof value.end === "string";

/** [{weekday: 1, start: "09:00", end: "17:00"}, …] → "Mon 09:00–17:00, Tue 09:00–12:00 and 13:00–17:00". */
function describeWeeklyHours(ranges: readonly HoursRange[]): string {
  if (ranges.length === 0) return "no hours";
  return WEEK_ORDER.flatMap((weekday) => {
    const day = ranges
      .filter((r) => r.weekday === weekday)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((r) => `${r.start}–${r.end}`);
    return day.length === 0 ? [] : [`${SHORT_WEEKDAYS[weekday]} ${day.join(" and ")}`];
  }).join(", ");
}

/** The words for one field: its label, and how its values read. */
type Field = { label: string; show?: (value: unknown) => string };

const labelOf =
  (labels: Record<string, string>) =>
  (value: unknown): string =>
    typeof value === "string" ? (labels[value] ?? value.toLowerCase()) : plain(value);

const cents = (value: unknown) => (typeof value === "number" ? formatAud(value) : plain(value));
const yesNo = (value: unknown) => (value === true ? "yes" : value === false ? "no" : plain(value));
const abn = (value: unknown) => (typeof value === "string" && value ? formatAbn(value) : "none");
const text = (value: unknown) => {
  if (typeof value !== "string" || value === "") return "none";
  return value.length > 60 ? `“${value.slice(0, 57)}…”` : `“${value}”`;
};

const FIELDS: Record<string, Field> = {
  firstName: { label: "First name" },
  lastName: { label: "Last name" },
  email: { label: "Email" },
  phone: { label: "Phone" },
  role: { label: "Role", show: labelOf(roleLabels) },
  suburb: { label: "Suburb" },
  suburbs: { label: "Suburbs" },
  licenseType: { label: "Licence type", show: labelOf(licenseTypeLabels) },
  bio: { label: "Bio", show: text },
  languages: { label: "Languages" },
  vehicleType: { label: "Vehicle", show: labelOf(vehicleTypeLabels) },
  gender: { label: "Gender", show: labelOf(genderLabels) },
  licenseNumber: { label: "Licence number" },
  wwcNumber: { label: "WWC number" },
  verificationStatus: { label: "Verification", show: labelOf(verificationStatusLabels) },
  licenseExpiresOn: { label: "Licence expires" },
  wwcExpiresOn: { label: "WWC check expires" },
  standardRateCents: { label: "Hourly rate", show: cents },
  poolOptIn: {
    label: "Pool hours",
    show: (v) => (v === true ? "opted in" : v === false ? "opted out" : plain(v)),
  },
  abn: { label: "ABN", show: abn },
  gstRegistered: { label: "GST registered", show: yesNo },
  effectiveFrom: { label: "GST registered from" },
  effectiveTo: { label: "GST registration ended on" },
  version: { label: "Agreement version" },
  suspended: {
    label: "Account",
    show: (v) => (v === true ? "suspended" : v === false ? "active" : plain(v)),
  },
  suspendedReason: { label: "Suspended because", show: text },
  isListed: { label: "Listed for students", show: yesNo },
  status: { label: "Status", show: labelOf(bookingStatusLabels) },
};

/** "someField" → "Some field", for a key this build has no words for. */
function humanize(key: string): string {
  const words = key
    .replace(/Cents$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[._]/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Any value in words: dates as DD/MM/YYYY, lists joined, nothing as "none", objects as "label value". */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatIsoDate(value) : value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (value.every(isHoursRange)) return describeWeeklyHours(value);
    return value.map(plain).join(", ");
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, v]) => `${fieldLabel(key)} ${showValue(key, v)}`)
      .join(", ");
  }
  return String(value);
}

function fieldLabel(key: string): string {
  return FIELDS[key]?.label ?? humanize(key);
}

function showValue(key: string, value: unknown): string {
  const field = FIELDS[key];
  if (field?.show) return field.show(value);
  if (key.endsWith("Cents")) return cents(value);
  return plain(value);
}

/** "Label: before → after" for each field that changed between the two records. */
function changes(before: unknown, after: unknown): string[] {
  // Weekly hours are recorded as the whole week before and after.
  if (Array.isArray(before) || Array.isArray(after)) {
    const week = (v: unknown) =>
      Array.isArray(v) && v.every(isHoursRange) ? describeWeeklyHours(v) : plain(v);
    return [`${week(before ?? [])} → ${week(after ?? [])}`];
  }
  if (!isRecord(after)) return [];
  const previous = isRecord(before) ? before : {};
  return Object.entries(after).flatMap(([key, value]) => {
    const was = showValue(key, previous[key]);
    const now = showValue(key, value);
    return was === now ? [] : [`${fieldLabel(key)}: ${was} → ${now}`];
  });
}

function payoutLines(d: Details): string[] {
  const lines: string[] = [];
  const amount = typeof d.amountCents === "number" ? formatAud(d.amountCents) : null;
  if (typeof d.period === "string") {
    const [from = "", to = ""] = d.period.split("..");
    const lessons = typeof d.lessons === "number" ? `, ${lessonCount(d.lessons)}` : "";
    lines.push(`${amount ?? "Payout"} for ${formatIsoDate(from)} – ${formatIsoDate(to)}${lessons}`);
  } else if (amount) {
    lines.push(`Amount: ${amount}`);
  }
  if (typeof d.statement === "string") lines.push(`Statement ${d.statement}`);
  if (typeof d.attempt === "number") lines.push(`Attempt ${d.attempt}`);
  if (typeof d.previousStatus === "string") lines.push(`Was ${d.previousStatus.toLowerCase()}`);
  return lines;
}

/** An admin's own words as written; a system reason code (LESSON_CANCELLED) in its label. */
function reasonText(reason: string): string {
  if (!/^[A-Z_]+$/.test(reason)) return reason;
  return (refundReasonLabels as Record<string, string>)[reason] ?? humanize(reason.toLowerCase());
}

/** The facts an entry records besides its before → after, each worded on its own line. */
const FACT_LINES: Array<(d: Details) => string | null> = [
  (d) => (typeof d.reason === "string" && d.reason ? `Reason: ${reasonText(d.reason)}` : null),
  (d) => (typeof d.cancelledBy === "string" ? `By: ${d.cancelledBy.toLowerCase()}` : null),
  (d) =>
    typeof d.refundCents === "number" && d.refundCents > 0 ? `Refund: ${formatAud(d.refundCents)}` : null,
  (d) => (d.bundleCreditReturned === true ? "Bundle credit returned" : null),
  (d) => (typeof d.lessonsCancelled === "number" ? `${lessonCount(d.lessonsCancelled)} cancelled` : null),
  (d) =>
    typeof d.studentsTold === "number" && d.studentsTold > 0
      ? `${d.studentsTold === 1 ? "1 student" : `${d.studentsTold} students`} told`
      : null,
  (d) => (d.licenseNumberChecked === true ? "Licence number checked" : null),
];

export function describeAuditEntry(action: string, details: unknown): string[] {
  if (!isRecord(details)) return [];
  if (action.startsWith("payout.")) return payoutLines(details);
  const facts = FACT_LINES.map((line) => line(details)).filter((l): l is string => l !== null);
  if ("before" in details || "after" in details) {
    return [...changes(details.before, details.after), ...facts];
  }
  // No before → after: the entry's own fields, worded.
  const known = new Set(["reason", "cancelledBy", "refundCents", "bundleCreditReturned", "lessonsCancelled"]);
  const rest = Object.entries(details)
    .filter(
      ([key, value]) => !known.has(key) && value !== undefined && !isRecord(value) && !Array.isArray(value),
    )
    .map(([key, value]) => `${fieldLabel(key)}: ${showValue(key, value)}`);
  return [...facts, ...rest];
}
