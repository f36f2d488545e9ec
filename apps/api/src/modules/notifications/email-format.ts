/** Small wording helpers every message shares: names, lesson times in Sydney, money. */
import { formatAud, formatSydneyDate, formatSydneyTimeRange, fullName } from "@kerb/shared/rules";

export interface Person {
  firstName: string;
  lastName: string;
}

export interface LessonTime {
  startTime: Date;
  endTime: Date;
}

export interface LessonSummary extends LessonTime {
  id: string;
  suburb: string;
  pickupLocation: string | null;
  isPoolHours: boolean;
  /** The lesson's value ex GST (what the bundle or the card paid for it). */
  priceCents: number;
  /** A driving-test package (issue 33): the lesson is the whole block; the test's centre and time. */
  testPack?: { centreName: string; testAt: Date } | null;
}

/** "12/05/2026, 10:00 am – 11:00 am": en-AU date, Sydney wall clock; short enough for a subject line. */
export function lessonWhenShort(lesson: LessonTime): string {
  return `${formatSydneyDate(lesson.startTime)}, ${formatSydneyTimeRange(lesson.startTime, lesson.endTime)}`;
}

/** "12/05/2026, 10:00 am – 11:00 am (Sydney time)". */
export function lessonWhen(lesson: LessonTime): string {
  return `${lessonWhenShort(lesson)} (Sydney time)`;
}

/** The detail rows of a lesson that moved: where it was and where it is now. */
export function movedRows(previous: LessonTime, now: LessonTime): Array<[string, string]> {
  return [
    ["Was", lessonWhen(previous)],
    ["Now", lessonWhen(now)],
  ];
}

export function pickupOf(lesson: Pick<LessonSummary, "suburb" | "pickupLocation">): string {
  const pickup = lesson.pickupLocation?.trim();
  return pickup && pickup !== lesson.suburb ? `${pickup}, ${lesson.suburb}` : lesson.suburb;
}

/** "$82.50 (including $7.50 GST)" */
export const withGst = (amountCents: number, gstCents: number) =>
  `${formatAud(amountCents)} (including ${formatAud(gstCents)} GST)`;

/** Links point at the web app; without a public URL configured they are left out. */
export function link(appUrl: string | undefined, path: string): string | undefined {
  return appUrl ? `${appUrl.replace(/\/+$/, "")}${path}` : undefined;
}

/** An outbox address for a person: their email with their full name. */
export const recipient = (p: Person & { email: string }) => ({ email: p.email, name: fullName(p) });
