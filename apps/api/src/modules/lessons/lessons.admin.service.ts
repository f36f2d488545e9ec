/** The operator console's lessons: every lesson, a page at a time, and cancelling any of them with a full refund. */
import type {
  AdminBooking,
  AdminCancelBookingResponse,
  ResolveNoShowDisputeRequest,
  ResolveNoShowDisputeResponse,
} from "@kerb/shared";
import {
  addDaysToDate,
  centsToDollars,
  noShowDisputeClosesAt,
  noShowResolutionOf,
  sydneyMidnight,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { cancelLessonWithRefund } from "./lesson-cancellation.ts";
import * as repo from "./lessons.admin.repository.ts";
import { settleNoShow } from "./no-show-dispute.ts";
import { openMoveProposals } from "./open-move-proposals.ts";
import { previewStaffCancellation } from "./staff-cancellation-preview.ts";

interface PageInput {
  page: number;
  pageSize: number;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toAdminBooking(row: repo.AdminLessonRow): AdminBooking {
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status,
    price: centsToDollars(row.priceCents),
    isPoolHours: row.isPoolHours,
    suburb: row.suburb,
    pickupLocation: row.pickupLocation,
    paymentId: row.paymentId,
    bundleId: row.bundleId,
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelledBy: row.cancelledBy,
    refund: row.refundCents === null ? null : centsToDollars(row.refundCents),
    createdAt: row.createdAt.toISOString(),
    student: row.student,
    instructor: row.instructor,
    noShowDispute:
      row.status === "NO_SHOW"
        ? {
            closesAt: noShowDisputeClosesAt(row.endTime).toISOString(),
            resolution: noShowResolutionOf(row),
          }
        : null,
  };
}

/**
 * After a cancellation or a no-show settled: the lesson as the console now lists it, read after the
 * commit, and what the student got back (both answers have this shape).
 */
async function lessonOutcome(
  db: Executor,
  bookingId: string,
  result: { refundCents: number; bundleCreditReturned: boolean },
): Promise<AdminCancelBookingResponse & ResolveNoShowDisputeResponse> {
  const row = await repo.findAdminLesson(db, bookingId);
  if (!row) throw new AppError("not_found", "Booking not found");
  return {
    booking: toAdminBooking(row),
    refund: centsToDollars(result.refundCents),
    bundleCreditReturned: result.bundleCreditReturned,
  };
}

export function createAdminLessonService(ctx: AppContext) {
  return {
    async listBookings(
      query: PageInput & {
        status?: AdminBooking["status"];
        from?: string;
        to?: string;
        instructorId?: string;
      },
    ) {
      const { rows, total } = await repo.listAdminLessons(
        ctx.db,
        {
          status: query.status,
          // Whole Sydney days; the schema has checked both are real dates in order.
          from: query.from ? sydneyMidnight(query.from) : undefined,
          // `to` is inclusive: lessons starting before the next day's midnight.
          to: query.to ? sydneyMidnight(addDaysToDate(query.to, 1)) : undefined,
          instructorId: query.instructorId,
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      // A proposal waiting for the student shows on its lesson until it lapses (24 h before the lesson).
      const proposals = await openMoveProposals(
        ctx.db,
        rows.filter((r) => r.status === "SCHEDULED"),
        ctx.now(),
      );
      const items = rows.map((row) => ({
        ...toAdminBooking(row),
        moveProposal: proposals.get(row.id) ?? null,
      }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    /** What cancelling the lesson now would give the student, by the rule the cancellation uses. */
    previewCancellation: (bookingId: string) =>
      previewStaffCancellation(ctx.db, { bookingId, by: "ADMIN", now: ctx.now() }),

    async cancelBooking(
      adminId: string,
      bookingId: string,
      input: { reason?: string },
    ): Promise<AdminCancelBookingResponse> {
      const now = ctx.now();
      const result = await ctx.transact(async (uow) => {
        const cancelled = await cancelLessonWithRefund(uow, {
          bookingId,
          cancelledBy: "ADMIN",
          now,
          reason: input.reason ?? null,
          appUrl: publicOrigin(ctx.env),
        });
        await uow.audit({
          actorId: adminId,
          action: "booking.cancel",
          targetType: "booking",
          targetId: bookingId,
          details: {
            cancelledBy: "ADMIN",
            reason: input.reason ?? null,
            refundCents: cancelled.refundCents,
            bundleCreditReturned: cancelled.bundleCreditReturned,
          },
          createdAt: now,
        });
        return cancelled;
      });
      return lessonOutcome(ctx.db, bookingId, result);
    },

    /** Settles a student's no-show dispute: keep the lesson's value, or refund it (no-show-dispute.ts). */
    async resolveNoShowDispute(
      adminId: string,
      bookingId: string,
      input: Required<ResolveNoShowDisputeRequest>,
    ): Promise<ResolveNoShowDisputeResponse> {
      const now = ctx.now();
      const result = await ctx.transact((uow) =>
        settleNoShow(uow, { bookingId, resolution: input.resolution, note: input.note, adminId, now }),
      );
      return lessonOutcome(ctx.db, bookingId, result);
    },
  };
}
