/**
 * A lesson's move to a new time, checked the same way whoever asks for it: the student's reschedule,
 * and a move proposal when the instructor or an admin makes it and again when the student accepts it.
 * The lesson keeps its instructor, suburb, kind of time, length and the price already paid, and the
 * instructor's calendar must offer the new time (planLessons under the per-instructor lock). The checks
 * write nothing; lessons.writes.ts `moveLesson` then moves the lesson.
 */
import { findSuburb, formatSydneyDate, formatSydneyTime, lessonMinutesBetween } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { checkLessonTime, type LessonTime, lessonMinutesOf } from "./lesson-shape.ts";
import { planLessons } from "./plan-lessons.ts";
import { findStudentClashes } from "./student-clashes.ts";

interface LessonToMove {
  id: string;
  studentId: string;
  instructorId: string;
  startTime: Date;
  endTime: Date;
  isPoolHours: boolean;
  suburb: string;
}

/** What a refused move says, in the words of whoever asked for it. */
interface MoveRefusals {
  /** 409 slot_unavailable: the instructor's calendar does not offer the time. */
  instructorBusy: string;
  /**
   * 409 slot_unavailable: the student has another lesson then, checked before the calendar. Without
   * it, the exclusion constraint refuses such a move when `moveLesson` writes it.
   */
  studentBusy?: string;
  /** Said after refusing another kind of time (pool hours or standard). */
  kindAdvice?: string;
}

const kindWords = (pool: boolean) => (pool ? "a pool-hours" : "a standard");

/** The time asked for is not the one the lesson already has. */
export function checkMovesElsewhere(lesson: LessonToMove, time: LessonTime) {
  if (new Date(time.startTime).getTime() === lesson.startTime.getTime()) {
    throw new AppError("bad_request", "The lesson is already at that time; choose a different time");
  }
}

/** A lesson keeps its length when it moves (the price already paid is for that length). */
export function checkKeepsLength(lesson: LessonToMove, time: LessonTime) {
  const minutes = lessonMinutesBetween(lesson.startTime, lesson.endTime);
  if (lessonMinutesOf(time) !== minutes) {
    throw new AppError(
      "bad_request",
      `This is a ${minutes}-minute lesson, and a lesson keeps its length when it moves; choose a ${minutes}-minute time`,
    );
  }
}

/**
 * Whether the lesson can be at `time`: the student has no other lesson then (when `studentBusy` says
 * so), and the instructor's calendar offers it (hours, travel, buffer, notice, cap, holidays) in the
 * lesson's suburb and in the same kind of time.
 */
export async function checkMoveIsOffered(
  tx: Executor,
  lesson: LessonToMove,
  time: LessonTime,
  now: Date,
  refusals: MoveRefusals,
) {
  const start = new Date(time.startTime);
  const end = new Date(time.endTime);
  const suburb = findSuburb(lesson.suburb);
  if (!suburb) throw new AppError("invalid_state", "This lesson's suburb is no longer served");
  if (refusals.studentBusy !== undefined) {
    const clashes = (await findStudentClashes(tx, lesson.studentId, [{ start, end }], now)).filter(
      (c) => c.id !== lesson.id,
    );
    if (clashes.length > 0) {
      throw new AppError("slot_unavailable", refusals.studentBusy, { startTime: start.toISOString() });
    }
  }
  await planLessons(tx, {
    suburb,
    now,
    requests: [time],
    instructorId: lesson.instructorId,
    movingBookingId: lesson.id,
    accept: (slot) => {
      if (slot.isPoolHours !== lesson.isPoolHours) {
        throw new AppError(
          "reschedule_kind_mismatch",
          `This is ${kindWords(lesson.isPoolHours)} lesson, so it can only move to ${kindWords(lesson.isPoolHours)} time; ` +
            `${formatSydneyTime(start)} on ${formatSydneyDate(start)} is ${kindWords(slot.isPoolHours)} time.` +
            (refusals.kindAdvice ? ` ${refusals.kindAdvice}` : ""),
          { isPoolHours: lesson.isPoolHours },
        );
      }
    },
    unavailable: () =>
      new AppError("slot_unavailable", refusals.instructorBusy, { startTime: start.toISOString() }),
  });
}

/**
 * Every check of a move, cheapest first: another time, a lesson's shape (lesson-shape.ts), the same
 * length, and offered (`checkMoveIsOffered`). Throws the first refusal.
 */
export async function checkLessonMove(
  tx: Executor,
  lesson: LessonToMove,
  time: LessonTime,
  now: Date,
  refusals: MoveRefusals,
) {
  checkMovesElsewhere(lesson, time);
  checkLessonTime(time, now);
  checkKeepsLength(lesson, time);
  await checkMoveIsOffered(tx, lesson, time, now, refusals);
}
