/**
 * Moves not only by the student (issue 21 item 4): the lesson's instructor or an admin proposes a new
 * time; nothing changes until the student accepts it, which moves the lesson by the same path as the
 * student's own reschedule (lesson-move.ts `checkLessonMove`, then `moveLesson`), checked again then.
 *
 * - Proposing checks what accepting will: the lesson is SCHEDULED and more than 24 hours away, the time
 *   has a lesson's shape, the student has no other lesson then, and the instructor's calendar offers it
 *   (planLessons under the per-instructor lock, in a transaction that writes only the proposal).
 * - One proposal open per lesson: a new one withdraws the previous (the proposer changed their mind).
 * - A proposal lapses 24 hours before the lesson's present start (computed on read: `lapsesAt`); an
 *   answer after it is 409 proposal_lapsed and records it LAPSED.
 * - Accepting a time taken meanwhile is 409 slot_unavailable and the proposal stays open: the student
 *   may still decline it, and the proposer may propose another.
 * - A lesson cancelled or moved otherwise withdraws its proposal (lessons.writes.ts).
 */
import type { MoveProposalRequest, MoveProposalResponse, MoveProposerRole } from "@kerb/shared";
import {
  formatSydneyDate,
  formatSydneyTime,
  hasMoveProposalLapsed,
  moveProposalLapsesAt,
} from "@kerb/shared/rules";
import { MOVE_PROPOSAL_LAPSE } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { findPackOfLesson } from "../test-packages/index.ts";
import { enqueueMoveProposed } from "./emails/index.ts";
import { checkKeepsLength, checkMoveIsOffered, checkMovesElsewhere } from "./lesson-move.ts";
import { lockLessonForProposal } from "./lesson-reads.ts";
import { checkLessonTime } from "./lesson-shape.ts";
import { checkLessonTransition, withdrawOpenMoveProposals } from "./lessons.writes.ts";
import { insertMoveProposal } from "./move-proposal-store.ts";
import { toMoveProposal } from "./move-proposal-views.ts";

/**
 * POST /instructor/lessons/:id/move-proposals (their own lessons only) and POST
 * /admin/bookings/:id/move-proposals: a new time is proposed; the lesson does not change, the student is
 * emailed.
 */
export async function proposeLessonMove(
  ctx: AppContext,
  proposer: { id: string; role: MoveProposerRole },
  bookingId: string,
  request: MoveProposalRequest,
): Promise<MoveProposalResponse> {
  const now = ctx.now();
  const start = new Date(request.startTime);
  const end = new Date(request.endTime);
  const note = request.note?.trim() || null;
  const row = await ctx.transact(async (uow) => {
    const { tx } = uow;
    const lesson = await lockLessonForProposal(
      tx,
      bookingId,
      proposer.role === "INSTRUCTOR" ? proposer.id : undefined,
    );
    if (!lesson) throw new AppError("not_found", "Lesson not found");
    // A pack's block is worked back from the learner's test time: only the learner knows a new one.
    if (await findPackOfLesson(tx, bookingId)) {
      throw new AppError(
        "invalid_state",
        "This is a driving-test package: it follows the learner's test time, so only the learner can move " +
          'it ("Move to my new test time"). Message them if the test should move.',
        { reason: "test_pack" },
      );
    }
    checkLessonTransition("reschedule", lesson.status, "STUDENT");
    if (hasMoveProposalLapsed(lesson.startTime, now)) {
      throw new AppError(
        "proposal_window_closed",
        `A new time can be proposed up to ${MOVE_PROPOSAL_LAPSE} before the lesson starts; this one starts at ` +
          `${formatSydneyTime(lesson.startTime)} on ${formatSydneyDate(lesson.startTime)}`,
      );
    }
    checkMovesElsewhere(lesson, request);
    // Its length before its shape: a 30-minute time for a 60-minute lesson is told to keep 60.
    checkKeepsLength(lesson, request);
    checkLessonTime(request, now);
    const instructorBusy =
      proposer.role === "INSTRUCTOR"
        ? "You are not free at that time: it is outside your hours, or too close to another lesson " +
          "(travel and buffer), past your daily cap or inside your notice. Choose another time."
        : "The instructor is not free at that time: it is outside their hours, or too close to another " +
          "lesson (travel and buffer), past their daily cap or inside their notice. Choose another time.";
    await checkMoveIsOffered(tx, lesson, request, now, {
      studentBusy: "The student has another lesson at that time. Choose another time.",
      instructorBusy,
    });
    // One open proposal per lesson: a new one takes the place of the last.
    const withdrawn = await withdrawOpenMoveProposals(tx, bookingId, now);
    const proposal = await insertMoveProposal(tx, {
      bookingId,
      proposedBy: proposer.id,
      proposerRole: proposer.role,
      start,
      end,
      note,
      now,
    });
    await uow.audit({
      actorId: proposer.id,
      action: "booking.move_proposal",
      targetType: "booking",
      targetId: bookingId,
      details: {
        proposalId: proposal.id,
        proposedBy: proposer.role,
        from: { startTime: lesson.startTime.toISOString(), endTime: lesson.endTime.toISOString() },
        to: { startTime: start.toISOString(), endTime: end.toISOString() },
        note,
        ...(withdrawn.length > 0 ? { withdrew: withdrawn } : {}),
      },
      createdAt: now,
    });
    await enqueueMoveProposed(uow, {
      proposalId: proposal.id,
      bookingId,
      proposedBy: proposer.role,
      proposed: { startTime: start, endTime: end },
      note,
      lapsesAt: moveProposalLapsesAt(lesson.startTime),
      now,
      appUrl: publicOrigin(ctx.env),
    });
    return { proposal, lessonStart: lesson.startTime };
  });
  return { proposal: toMoveProposal(row.proposal, row.lessonStart) };
}
