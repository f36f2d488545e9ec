/**
 * The student's answer to a move proposal (accept-move-proposal.ts, decline-move-proposal.ts): one path,
 * so a lapsed proposal, one answered meanwhile and someone else's are refused alike. Accepting moves the
 * lesson as the student's own reschedule does, checked again now.
 */
import type { AnswerMoveProposalResponse } from "@kerb/shared";
import { hasMoveProposalLapsed, moveProposalLapsesAt } from "@kerb/shared/rules";
import { MOVE_PROPOSAL_LAPSE } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { findStudentBooking } from "../students/index.ts";
import { enqueueLessonRescheduled, enqueueMoveProposalAnswered } from "./emails/index.ts";
import { checkLessonMove } from "./lesson-move.ts";
import { lockStudentLesson } from "./lesson-reads.ts";
import { checkLessonTransition, moveLesson } from "./lessons.writes.ts";
import { decideMoveProposal, lockStudentMoveProposal } from "./move-proposal-store.ts";
import { toMoveProposal } from "./move-proposal-views.ts";
import { retryPastLapsedHolds } from "./plan-lessons.ts";

const proposalNotFound = () => new AppError("not_found", "Proposal not found");

/** Accepted or declined by the lesson's student; 404 for someone else's proposal. */
export async function answerMoveProposal(
  ctx: AppContext,
  studentId: string,
  proposalId: string,
  accepted: boolean,
): Promise<AnswerMoveProposalResponse> {
  const now = ctx.now();
  // A lapsed hold in the proposed slot is released and the move tried once more (plan-lessons.ts).
  const outcome = await retryPastLapsedHolds(ctx, now, () =>
    ctx.transact(async (uow) => {
      const { tx } = uow;
      const open = await lockStudentMoveProposal(tx, studentId, proposalId);
      if (!open) throw proposalNotFound();
      const lesson = await lockStudentLesson(tx, studentId, open.bookingId);
      if (!lesson) throw proposalNotFound();
      if (open.status !== "PROPOSED") {
        throw new AppError(
          "invalid_state",
          `This proposal is no longer open: it was ${open.status.toLowerCase()}`,
          { status: open.status },
        );
      }
      if (hasMoveProposalLapsed(lesson.startTime, now)) {
        // Recorded as lapsed (committed), then refused below.
        const lapsed = await decideMoveProposal(tx, open.id, "LAPSED", now);
        return { lapsed: true as const, proposal: lapsed ?? open, lessonStart: lesson.startTime };
      }
      const previous = { startTime: lesson.startTime, endTime: lesson.endTime };
      const proposed = { startTime: open.startTime, endTime: open.endTime };
      if (accepted) {
        checkLessonTransition("reschedule", lesson.status, "STUDENT");
        const time = { startTime: open.startTime.toISOString(), endTime: open.endTime.toISOString() };
        await checkLessonMove(tx, { ...lesson, studentId }, time, now, {
          studentBusy:
            "You now have another lesson at the proposed time, so it cannot be accepted. Decline it, or cancel the other lesson first.",
          instructorBusy:
            "The proposed time is no longer free: it was taken meanwhile. Decline it, or wait for another proposal.",
        });
      }
      // Decided before the move, so the move's withdrawal of open proposals leaves this one be.
      const decided = await decideMoveProposal(tx, open.id, accepted ? "ACCEPTED" : "DECLINED", now);
      if (!decided)
        throw new AppError("invalid_state", "This proposal changed meanwhile. Reload to see how.");
      if (accepted) {
        // The same move as the student's own reschedule: a clash (23P01) leaves the lesson where it was.
        await moveLesson(tx, lesson.id, { start: open.startTime, end: open.endTime }, now);
      }
      await uow.audit({
        actorId: studentId,
        action: accepted ? "booking.move_proposal_accept" : "booking.move_proposal_decline",
        targetType: "booking",
        targetId: lesson.id,
        details: {
          proposalId: open.id,
          proposedBy: open.proposerRole,
          from: { startTime: previous.startTime.toISOString(), endTime: previous.endTime.toISOString() },
          to: { startTime: proposed.startTime.toISOString(), endTime: proposed.endTime.toISOString() },
        },
        createdAt: now,
      });
      if (accepted) {
        await enqueueLessonRescheduled(uow, {
          bookingId: lesson.id,
          previous,
          movedBy: open.proposerRole,
          now,
          appUrl: publicOrigin(ctx.env),
        });
      }
      await enqueueMoveProposalAnswered(uow, {
        proposalId: open.id,
        bookingId: lesson.id,
        proposedBy: open.proposerRole,
        proposerId: open.proposedBy,
        accepted,
        previous,
        proposed,
        now,
        appUrl: publicOrigin(ctx.env),
      });
      return {
        lapsed: false as const,
        proposal: decided,
        lessonStart: lesson.startTime,
      };
    }),
  );
  if (outcome.lapsed) {
    throw new AppError(
      "proposal_lapsed",
      `This proposal has lapsed: a new time can only be accepted up to ${MOVE_PROPOSAL_LAPSE} before the lesson. ` +
        "The lesson stays at its present time.",
      { lapsesAt: moveProposalLapsesAt(outcome.lessonStart).toISOString() },
    );
  }
  const booking = await findStudentBooking(ctx.db, studentId, outcome.proposal.bookingId);
  if (!booking) throw new AppError("not_found", "Lesson not found");
  return { proposal: toMoveProposal(outcome.proposal, outcome.lessonStart), booking };
}
