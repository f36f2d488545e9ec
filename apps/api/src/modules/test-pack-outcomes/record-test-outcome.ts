import type { RecordTestOutcomeResponse, TestPackOutcome } from "@kerb/shared";
import { testOutcomeCompletesPack, testOutcomeRefusal } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { markLessonOutcomeIn } from "../lessons/index.ts";
import { saveTestPackOutcome, toTestPackSummary } from "../test-packages/index.ts";
import * as repo from "./test-pack-outcomes.repository.ts";

/**
 * POST /instructor/lessons/:id/test-outcome: the pack's instructor records how the test went
 * (rules/test-pack-outcomes.ts says when, and when it also completes the lesson). Recording again
 * replaces it until a pass-promise claim names the pack. Audited before → after with the change.
 */
export async function recordTestOutcome(
  ctx: AppContext,
  instructorId: string,
  bookingId: string,
  input: { outcome: TestPackOutcome; note?: string | undefined },
): Promise<RecordTestOutcomeResponse> {
  const now = ctx.now();
  // The schema trims it: blank is no note.
  const note = input.note || null;
  const appUrl = publicOrigin(ctx.env);
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    if (!(await repo.findInstructorLesson(tx, instructorId, bookingId))) {
      throw new AppError("not_found", "Lesson not found");
    }
    const pack = await repo.lockPack(tx, bookingId);
    if (!pack) {
      throw new AppError(
        "not_a_test_pack",
        "This lesson is not a driving-test package: only a test pack has a test outcome",
      );
    }
    const refusal = testOutcomeRefusal({
      outcome: input.outcome,
      lessonStatus: pack.status,
      testAt: pack.testAt,
      now,
      // Locked above: a claim being made on this pack has committed by now, or waits for this change.
      claimed: await repo.claimExistsForPack(tx, bookingId),
    });
    if (refusal) throw new AppError("invalid_state", refusal, { status: pack.status });

    const before = { outcome: pack.outcome, note: pack.outcomeNote };
    const after = { outcome: input.outcome, note };
    if (before.outcome !== after.outcome || before.note !== after.note) {
      await saveTestPackOutcome(tx, bookingId, {
        outcome: input.outcome,
        outcomeNote: note,
        recordedAt: now,
        recordedBy: instructorId,
      });
      await uow.audit({
        actorId: instructorId,
        action: "booking.test_outcome",
        targetType: "booking",
        targetId: bookingId,
        details: { before, after },
        createdAt: now,
      });
    }
    const completes = testOutcomeCompletesPack({
      outcome: input.outcome,
      lessonStatus: pack.status,
      blockEnd: pack.endTime,
      now,
    });
    // The lesson was locked with the pack, so it is still scheduled: the lessons module completes it,
    // posting its earning and its own audit entry, in this transaction.
    if (completes) {
      await markLessonOutcomeIn(uow, { instructorId, lessonId: bookingId, action: "complete", now, appUrl });
    }
  });
  const pack = await repo.findPack(ctx.db, bookingId);
  if (!pack) throw new AppError("not_found", "Lesson not found");
  return { testPack: toTestPackSummary(pack) };
}
