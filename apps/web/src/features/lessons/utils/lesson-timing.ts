import type { InstructorLesson } from "@kerb/shared";
import { hasMoveProposalLapsed } from "@kerb/shared/rules";
import { formatDate, formatTimeRange, formatWeekday } from "@/lib/format";

type LessonTiming = "not_started" | "in_progress" | "ended";

/** Where a lesson stands against the clock; what an instructor may do with it depends on this. */
export function lessonTiming(
  lesson: Pick<InstructorLesson, "startTime" | "endTime">,
  now: number,
): LessonTiming {
  if (new Date(lesson.startTime).getTime() > now) return "not_started";
  if (new Date(lesson.endTime).getTime() > now) return "in_progress";
  return "ended";
}

/** A scheduled lesson still waiting for its outcome: it has ended but is neither completed nor a no-show. */
export function needsOutcome(lesson: InstructorLesson, now: number): boolean {
  return lesson.status === "SCHEDULED" && lessonTiming(lesson, now) === "ended";
}

/** Instructors may cancel a scheduled lesson until it starts. */
export function canCancel(lesson: InstructorLesson, now: number): boolean {
  return lesson.status === "SCHEDULED" && lessonTiming(lesson, now) === "not_started";
}

/**
 * A new time can be proposed (by the instructor or an admin) while the student still has time to answer
 * it: until the proposal would lapse, 24 hours before the lesson (rules/move-proposals.ts).
 */
/**
 * Whether a new time may be proposed: more than the proposal window before the lesson, and no proposal
 * already waiting for the learner's answer (withdraw that one first; the server refuses a second).
 */
export function canProposeMove(
  lesson: Pick<InstructorLesson, "startTime" | "moveProposal">,
  now: number,
): boolean {
  const waiting = lesson.moveProposal && new Date(lesson.moveProposal.lapsesAt).getTime() > now;
  return !waiting && !hasMoveProposalLapsed(new Date(lesson.startTime), new Date(now));
}

/** "Tue 09/03/2027, 10:00 am – 11:00 am", in Sydney: a lesson's time, or a time proposed for it. */
export function lessonTimeWords(time: { startTime: string; endTime: string }): string {
  return `${formatWeekday(time.startTime)} ${formatDate(time.startTime)}, ${formatTimeRange(time.startTime, time.endTime)}`;
}

export function studentName(lesson: { student: { firstName: string; lastName: string } }): string {
  return `${lesson.student.firstName} ${lesson.student.lastName}`;
}

/** "0412 345 678" → "tel:0412345678" (keeps a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
