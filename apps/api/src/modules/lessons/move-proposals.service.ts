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
import type {
  AnswerMoveProposalResponse,
  MoveProposalRequest,
  MoveProposalResponse,
  MoveProposerRole,
} from "@kerb/shared";
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
import { findStudentBooking } from "../students/index.ts";
import {
  enqueueLessonRescheduled,
  enqueueMoveProposalAnswered,
  enqueueMoveProposed,
} from "./emails/index.ts";
import { checkKeepsLength, checkLessonMove, checkMoveIsOffered, checkMovesElsewhere } from "./lesson-move.ts";
import { checkLessonTime } from "./lesson-shape.ts";
import * as repo from "./lessons.repository.ts";
import { checkLessonTransition, moveLesson, withdrawOpenMoveProposals } from "./lessons.writes.ts";
import * as proposals from "./move-proposals.repository.ts";
import { retryPastLapsedHolds } from "./plan-lessons.ts";

const lessonNotFound = () => new AppError("not_found", "Lesson not found");
const proposalNotFound = () => new AppError("not_found", "Proposal not found");

export function createMoveProposalService(ctx: AppContext) {
  const appUrl = () => publicOrigin(ctx.env);

  return {
    /**
     * The lesson's instructor (`instructorId` given: their own lessons only) or an admin proposes a new
     * time. The lesson does not change; the student is emailed.
     */
    async propose(
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
        const lesson = await proposals.lockLessonForProposal(
          tx,
          bookingId,
          proposer.role === "INSTRUCTOR" ? proposer.id : undefined,
        );
        if (!lesson) throw lessonNotFound();
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
        const proposal = await proposals.insertMoveProposal(tx, {
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
          appUrl: appUrl(),
        });
        return { proposal, lessonStart: lesson.startTime };
      });
      return { proposal: proposals.toMoveProposal(row.proposal, row.lessonStart) };
    },

    /** The student accepts: the lesson moves to the proposed time, checked again now. */
    accept(studentId: string, proposalId: string) {
      return answer(studentId, proposalId, true);
    },

    /** The student declines: the lesson stays where it is. */
    decline(studentId: string, proposalId: string) {
      return answer(studentId, proposalId, false);
    },
  };

  async function answer(
    studentId: string,
    proposalId: string,
    accepted: boolean,
  ): Promise<AnswerMoveProposalResponse> {
    const now = ctx.now();
    // A lapsed hold in the proposed slot is released and the move tried once more (plan-lessons.ts).
    const outcome = await retryPastLapsedHolds(ctx, now, () =>
      ctx.transact(async (uow) => {
        const { tx } = uow;
        const open = await proposals.lockStudentMoveProposal(tx, studentId, proposalId);
        if (!open) throw proposalNotFound();
        const lesson = await repo.lockStudentLesson(tx, studentId, open.bookingId);
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
          const lapsed = await proposals.decideMoveProposal(tx, open.id, "LAPSED", now);
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
        const decided = await proposals.decideMoveProposal(
          tx,
          open.id,
          accepted ? "ACCEPTED" : "DECLINED",
          now,
        );
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
            appUrl: appUrl(),
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
          appUrl: appUrl(),
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
    if (!booking) throw lessonNotFound();
    return { proposal: proposals.toMoveProposal(outcome.proposal, outcome.lessonStart), booking };
  }
}
