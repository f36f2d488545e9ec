/**
 * Lessons taught while their instructor was not allowed to teach: after an admin rejected or delisted
 * them, suspended their account, or after their licence or Working With Children check lapsed. Such a
 * lesson is held: no "mark your lesson" email, no payout, until an admin decides it — pay the instructor,
 * or refund the student (decision 031). The one home of this rule: the API records each period as a
 * "teaching stop" (instructor_teaching_stops) and its SQL copy (apps/api/src/db/sql-rules.ts
 * `payoutHeldSql`) is proven equal to `isPayoutHeld` in sql-rules.integration.test.ts.
 *
 * Why periods and not today's standing: a lesson taught in March by an instructor rejected in May was
 * taught lawfully and is paid; one taught the week after the rejection is not, even if the instructor is
 * verified again by the time the payout runs.
 */
import type { InstructorComplianceInput } from "./instructor-listing.ts";
import { instructorCompliance, lastTeachingDate } from "./instructor-listing.ts";
import { addDaysToDate, sydneyMidnight } from "./sydney-time.ts";

export const TEACHING_STOP_REASONS = ["SUSPENDED", "REJECTED", "DOCUMENT_EXPIRED"] as const;
export type TeachingStopReason = (typeof TEACHING_STOP_REASONS)[number];

/** What an admin decides for a held lesson. */
export const HELD_LESSON_DECISIONS = ["PAY", "REFUND"] as const;
export type HeldLessonDecision = (typeof HELD_LESSON_DECISIONS)[number];

export interface TeachingStop {
  reason: TeachingStopReason;
  startsAt: Date;
  /** Null while the stop lasts. */
  endsAt: Date | null;
}

/** The stop a lesson starting at `lessonStart` was taught in (the earliest if several), or null. */
export function stopDuring(lessonStart: Date, stops: readonly TeachingStop[]): TeachingStop | null {
  const t = lessonStart.getTime();
  const during = stops.filter(
    (s) => s.startsAt.getTime() <= t && (s.endsAt === null || t < s.endsAt.getTime()),
  );
  return during.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0] ?? null;
}

/**
 * Is the lesson kept out of payouts and "mark your lesson" emails? Yes when it started during a stop
 * and no admin has decided it yet; a PAY decision releases it, a REFUND one cancels it (it then earns
 * nothing, by the payout rule itself).
 */
export function isPayoutHeld(
  lesson: { startTime: Date },
  stops: readonly TeachingStop[],
  decision: HeldLessonDecision | null,
): boolean {
  return decision === null && stopDuring(lesson.startTime, stops) !== null;
}

/**
 * The stops an instructor's standing calls for now, with when each began: a suspension or a rejection
 * from `now` (the moment the admin acted), a lapsed document from the Sydney midnight after its expiry
 * date (when it stopped being valid, however late the scan notices). A stop the instructor already has
 * open stays as it is; one not called for any more is ended at `now`.
 */
export function teachingStopsDue(
  standing: InstructorComplianceInput,
  today: string,
  now: Date,
): Array<{ reason: TeachingStopReason; startsAt: Date }> {
  const { reasons } = instructorCompliance(standing, today);
  const due: Array<{ reason: TeachingStopReason; startsAt: Date }> = [];
  if (reasons.includes("SUSPENDED")) due.push({ reason: "SUSPENDED", startsAt: now });
  if (reasons.includes("REJECTED")) due.push({ reason: "REJECTED", startsAt: now });
  if (reasons.includes("LICENCE_EXPIRED") || reasons.includes("WWC_EXPIRED")) {
    // Both dates are recorded when either has expired, so lastTeachingDate is not null here.
    const last = lastTeachingDate(standing) ?? today;
    due.push({ reason: "DOCUMENT_EXPIRED", startsAt: sydneyMidnight(addDaysToDate(last, 1)) });
  }
  return due;
}

/** The reason in a sentence, for the admin's list and the instructor's earnings. */
export function teachingStopText(reason: TeachingStopReason): string {
  switch (reason) {
    case "SUSPENDED":
      return "taught while the instructor's account was suspended";
    case "REJECTED":
      return "taught after the instructor was rejected or delisted";
    case "DOCUMENT_EXPIRED":
      return "taught after the instructor's licence or Working With Children check expired";
  }
}
