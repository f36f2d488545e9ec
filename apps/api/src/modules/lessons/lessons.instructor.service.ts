/**
 * The instructor's own lessons: the portal's list, marking a lesson taught or a no-show, and cancelling
 * one (the student gets everything back). Another instructor's lesson is "not found".
 */
import type {
  InstructorCancelLessonRequest,
  InstructorLesson,
  InstructorLessonsPage,
  LessonActionResponse,
  LessonCancellationResponse,
  LessonSkill,
} from "@kerb/shared";
import {
  centsToDollars,
  formatSydneyDate,
  formatSydneyTime,
  instructorPayLine,
  isFocusSkill,
  payableGrossCents,
  payoutLine,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { postLessonEarned } from "../ledger/index.ts";
import { enqueueLessonNoShow } from "./emails/index.ts";
import { cancelLessonWithRefund } from "./lesson-cancellation.ts";
import * as repo from "./lessons.instructor.repository.ts";
import { checkLessonTransition, markLessonOutcome } from "./lessons.writes.ts";
import { previewStaffCancellation } from "./staff-cancellation-preview.ts";

export function toInstructorLesson(row: repo.InstructorLessonRow): InstructorLesson {
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status,
    price: centsToDollars(row.priceCents),
    isPoolHours: row.isPoolHours,
    suburb: row.suburb,
    pickupLocation: row.pickupLocation,
    paidWithBundle: row.bundleId !== null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy,
    refund: row.refundCents === null ? null : centsToDollars(row.refundCents),
    instructorShare: instructorShareOf(row),
    bundleCredit: bundleCreditOf(row),
    payIfTaught: payIfTaughtOf(row),
    student: row.student,
    studentId: row.studentId,
    assessment: assessmentOf(row.assessment),
    record: recordOf(row.record),
  };
}

/** The learner's assessment as their instructor sees it; null when they have answered nothing. */
function assessmentOf(a: repo.InstructorLessonRow["assessment"]): InstructorLesson["assessment"] {
  if (!a) return null;
  const focusSkills = (a.focusSkills ?? []).filter(isFocusSkill);
  if (!a.experienceLevel && !a.licenseType && !a.targetTestDate && focusSkills.length === 0) return null;
  return {
    experienceLevel: a.experienceLevel,
    licenseType: a.licenseType,
    targetTestDate: a.targetTestDate,
    focusSkills,
    assessedAt: a.assessedAt?.toISOString() ?? null,
  };
}

/** What the instructor recorded of the lesson (the table's jsonb was written through the shared schema). */
function recordOf(r: repo.InstructorLessonRow["record"]): InstructorLesson["record"] {
  if (!r?.createdAt || !r.updatedAt) return null;
  return {
    skills: (r.skills ?? []) as LessonSkill[],
    note: r.note ?? "",
    logbookConfirmedAt: r.logbookConfirmedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const taxStatusOf = (row: repo.InstructorLessonRow) => ({
  abn: row.instructorAbn,
  gstRegistered: row.instructorGstRegistered === true,
});

/** What the instructor keeps of a finished lesson, by the rule payouts pay with; null while it is not over. */
function instructorShareOf(row: repo.InstructorLessonRow): number | null {
  const finished = row.status === "COMPLETED" || row.status === "NO_SHOW" || row.status === "CANCELLED";
  if (!finished || (row.paymentId === null && row.bundleId === null)) return null;
  return centsToDollars(payoutLine(payableGrossCents(row)).amountCents);
}

/**
 * What a credit-paid lesson earns, line by line as the payout will pay it: before it is over, what it
 * earns once taught (its price); after, what it did earn (0 when the credit went back).
 */
function bundleCreditOf(row: repo.InstructorLessonRow): InstructorLesson["bundleCredit"] {
  if (row.bundleId === null || row.bundlePricePerLessonCents === null) return null;
  const over = row.status !== "SCHEDULED" && row.status !== "PENDING_PAYMENT";
  const line = instructorPayLine(over ? payableGrossCents(row) : row.priceCents, taxStatusOf(row));
  return {
    pricePerLesson: centsToDollars(row.bundlePricePerLessonCents),
    earns: centsToDollars(line.shareCents),
    gst: centsToDollars(line.gstCents),
  };
}

/** What marking a scheduled lesson taught pays, GST included for a registered instructor (the payout's line). */
function payIfTaughtOf(row: repo.InstructorLessonRow): InstructorLesson["payIfTaught"] {
  if (row.status !== "SCHEDULED" || (row.paymentId === null && row.bundleId === null)) return null;
  const line = instructorPayLine(row.priceCents, taxStatusOf(row));
  return { earns: centsToDollars(line.shareCents), gst: centsToDollars(line.gstCents) };
}

export function createInstructorLessonService(ctx: AppContext) {
  async function requireLesson(instructorId: string, lessonId: string) {
    const lesson = await repo.findInstructorLesson(ctx.db, instructorId, lessonId);
    if (!lesson) throw new AppError("not_found", "Lesson not found");
    return lesson;
  }

  async function recordOutcome(
    instructorId: string,
    lessonId: string,
    action: "complete" | "noShow",
  ): Promise<LessonActionResponse> {
    const now = ctx.now();
    const status = action === "complete" ? "COMPLETED" : "NO_SHOW";
    const done = await ctx.transact(async (uow) => {
      const { tx } = uow;
      const marked = await markLessonOutcome(tx, { instructorId, lessonId, action, now });
      // Completed or no-show decides what the instructor earns: audited with the change.
      if (marked) {
        await postLessonEarned(uow, lessonId, status);
        await uow.audit({
          actorId: instructorId,
          action: status === "COMPLETED" ? "booking.complete" : "booking.no_show",
          targetType: "booking",
          targetId: lessonId,
          details: { before: { status: "SCHEDULED" }, after: { status } },
          createdAt: now,
        });
        // The student hears of a no-show at once, with what was kept and how long they have to dispute it.
        if (status === "NO_SHOW") {
          await enqueueLessonNoShow(uow, { bookingId: lessonId, now, appUrl: publicOrigin(ctx.env) });
        }
      }
      return marked;
    });
    const lesson = await requireLesson(instructorId, lessonId);
    if (done) return { lesson: toInstructorLesson(lesson) };
    // Not changed: either the lifecycle refuses (not scheduled any more), or it has not ended yet.
    checkLessonTransition(action, lesson.status, "INSTRUCTOR");
    const verb = action === "complete" ? "completed" : "a no-show";
    throw new AppError(
      "invalid_state",
      `This lesson can be marked ${verb} once it has ended, at ${formatSydneyTime(lesson.endTime)} on ` +
        `${formatSydneyDate(lesson.endTime)}`,
      { endTime: lesson.endTime.toISOString() },
    );
  }

  return {
    async listLessons(
      instructorId: string,
      query: { scope: "upcoming" | "past"; page: number; pageSize: number },
    ): Promise<InstructorLessonsPage> {
      const { rows, total } = await repo.listLessonsPage(ctx.db, instructorId, {
        scope: query.scope,
        now: ctx.now(),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toInstructorLesson), total, page: query.page, pageSize: query.pageSize };
    },

    completeLesson: (instructorId: string, lessonId: string) =>
      recordOutcome(instructorId, lessonId, "complete"),

    markNoShow: (instructorId: string, lessonId: string) => recordOutcome(instructorId, lessonId, "noShow"),

    /** What cancelling the lesson now would give the student, by the rule the cancellation uses. */
    previewCancellation: (instructorId: string, lessonId: string) =>
      previewStaffCancellation(ctx.db, {
        bookingId: lessonId,
        by: "INSTRUCTOR",
        instructorId,
        now: ctx.now(),
      }),

    async cancelLesson(
      instructorId: string,
      lessonId: string,
      input: InstructorCancelLessonRequest,
    ): Promise<LessonCancellationResponse> {
      // The route's schema has trimmed it and checked it is there and not too long.
      const reason = input.reason.trim();
      const now = ctx.now();
      const result = await ctx.transact(async (uow) => {
        const { tx } = uow;
        // Ownership first, under lock: another instructor's lesson is "not found", never "forbidden".
        if (!(await repo.lockInstructorLesson(tx, instructorId, lessonId))) {
          throw new AppError("not_found", "Lesson not found");
        }
        const cancelled = await cancelLessonWithRefund(uow, {
          bookingId: lessonId,
          cancelledBy: "INSTRUCTOR",
          now,
          reason,
          appUrl: publicOrigin(ctx.env),
        });
        await uow.audit({
          actorId: instructorId,
          action: "booking.cancel",
          targetType: "booking",
          targetId: lessonId,
          details: {
            cancelledBy: "INSTRUCTOR",
            reason,
            refundCents: cancelled.refundCents,
            bundleCreditReturned: cancelled.bundleCreditReturned,
          },
          createdAt: now,
        });
        return cancelled;
      });
      const lesson = await requireLesson(instructorId, lessonId);
      return {
        lesson: toInstructorLesson(lesson),
        refund: centsToDollars(result.refundCents),
        bundleCreditReturned: result.bundleCreditReturned,
      };
    },
  };
}
