/**
 * What a lesson taught, recorded by its instructor once it is completed (issue 23): the skills practised
 * with a level each, a short note, and the instructor's confirmation of it as a structured lesson for the
 * learner's NSW logbook. Saving again edits it; the learner is emailed on the first save only.
 */
import type { LessonActionResponse, lessonRecordRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { findInstructorLesson, toInstructorLesson } from "../lessons/index.ts";
import * as repo from "./learning.repository.ts";
import { enqueueLessonRecorded } from "./lesson-record-notices.ts";

type LessonRecordInput = z.output<typeof lessonRecordRequest>;

/**
 * Another instructor's lesson is 404 (not found, never forbidden); a lesson not COMPLETED is 409
 * invalid_state. The confirmation keeps its first moment while it stays confirmed.
 */
export async function saveLessonRecord(
  ctx: AppContext,
  instructorId: string,
  bookingId: string,
  input: LessonRecordInput,
): Promise<LessonActionResponse> {
  const now = ctx.now();
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const lesson = await repo.findOwnLessonForRecord(tx, instructorId, bookingId);
    if (!lesson) throw new AppError("not_found", "Lesson not found");
    if (lesson.status !== "COMPLETED") {
      throw new AppError("invalid_state", "A lesson can be recorded once you have marked it completed", {
        status: lesson.status,
      });
    }
    const existing = await repo.findLessonRecord(tx, bookingId);
    const logbookConfirmedAt = input.confirmLogbook ? (existing?.logbookConfirmedAt ?? now) : null;
    const fields = { skills: input.skills, note: input.note, logbookConfirmedAt, updatedAt: now };
    // The logbook confirmation vouches for the lesson on an official record: audited, as each edit.
    await uow.audit({
      actorId: instructorId,
      action: existing ? "lesson_record.update" : "lesson_record.create",
      targetType: "booking",
      targetId: bookingId,
      details: {
        skills: input.skills.length,
        logbookConfirmed: input.confirmLogbook,
        ...(existing ? { wasConfirmed: existing.logbookConfirmedAt !== null } : {}),
      },
      createdAt: now,
    });
    if (existing) {
      await repo.updateLessonRecord(tx, bookingId, fields);
      return;
    }
    await repo.insertLessonRecord(tx, {
      bookingId,
      instructorId,
      studentId: lesson.studentId,
      ...fields,
      createdAt: now,
    });
    await enqueueLessonRecorded(uow, {
      bookingId,
      skills: input.skills,
      note: input.note,
      logbookConfirmed: input.confirmLogbook,
      now,
      appUrl: publicOrigin(ctx.env),
    });
  });
  const row = await findInstructorLesson(ctx.db, instructorId, bookingId);
  if (!row) throw new AppError("not_found", "Lesson not found");
  return { lesson: toInstructorLesson(row) };
}
