import type { CancelSeriesResponse, SeriesCancellationPreview } from "@kerb/shared";
import {
  centsToDollars,
  dollarsToCents,
  formatAud,
  type PaymentRefundState,
  withRefund,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findPaymentRefundState } from "../payments/index.ts";
import { cancelOwnLessonIn } from "./cancel-own-lesson.ts";
import { cancellationFor, cannotBeTaught } from "./lesson-cancellation.ts";
import { findOwnSeries, listFutureSeriesLessons } from "./lesson-series.ts";
import { toStudentRefund } from "./lesson-views.ts";

type SeriesLessonRefund = SeriesCancellationPreview["lessons"][number];

function totalsOf(lessons: readonly SeriesLessonRefund[]) {
  const amountCents = lessons.reduce((sum, l) => sum + dollarsToCents(l.refund.amount), 0);
  const gstCents = lessons.reduce((sum, l) => sum + dollarsToCents(l.refund.gst), 0);
  return { amountCents, gstCents };
}

/** The confirm dialog's sentence for cancelling the rest of a series. */
function seriesCancellationSummary(lessons: readonly SeriesLessonRefund[]): string {
  if (lessons.length === 0) return "No lessons of this weekly series are still to come.";
  const { amountCents, gstCents } = totalsOf(lessons);
  const count = lessons.length === 1 ? "1 lesson" : `${lessons.length} lessons`;
  const credits = lessons.filter((l) => l.refund.method === "CREDIT").length;
  const back =
    amountCents > 0
      ? `You will get ${formatAud(amountCents)} back to your card, including ${formatAud(gstCents)} GST`
      : "Nothing comes back to your card";
  const creditWords =
    credits > 0
      ? `, and ${credits === 1 ? "1 credit goes" : `${credits} credits go`} back to your bundle`
      : "";
  const late = lessons.some((l) => l.tier !== "full")
    ? " Lessons less than 48 hours away are refunded by the usual cancellation tiers."
    : "";
  return `${count} will be cancelled. ${back}${creditWords}.${late}`;
}

/**
 * GET /student/weekly-series/:id/cancellation: what cancelling all the series' future lessons would give
 * back now, lesson by lesson under the normal tiers, the refunds of one payment taken in turn as the
 * cancellation takes them (the GST of the last one is the payment's remainder). Nothing is written.
 */
export async function previewOwnSeriesCancellation(
  ctx: AppContext,
  studentId: string,
  seriesId: string,
): Promise<SeriesCancellationPreview> {
  if (!(await findOwnSeries(ctx.db, studentId, seriesId)))
    throw new AppError("not_found", "Series not found");
  const now = ctx.now();
  const lessons = await listFutureSeriesLessons(ctx.db, seriesId, now);
  const payments = new Map<string, PaymentRefundState | undefined>();
  const out: SeriesLessonRefund[] = [];
  for (const lesson of lessons) {
    const byCard = lesson.paymentId && !lesson.bundleId ? lesson.paymentId : null;
    if (byCard && !payments.has(byCard)) payments.set(byCard, await findPaymentRefundState(ctx.db, byCard));
    const payment = byCard ? payments.get(byCard) : undefined;
    const instructorUnavailable = await cannotBeTaught(ctx.db, lesson, now);
    const outcome = cancellationFor({ ...lesson, instructorUnavailable, payment }, "STUDENT", now);
    if (byCard && payment) {
      payments.set(
        byCard,
        withRefund(payment, { amountCents: outcome.refundCents, gstCents: outcome.refundGstCents }),
      );
    }
    out.push({
      id: lesson.id,
      startTime: lesson.startTime.toISOString(),
      tier: outcome.tier,
      refund: toStudentRefund(outcome),
    });
  }
  const { amountCents, gstCents } = totalsOf(out);
  return {
    seriesId,
    lessons: out,
    refund: { amount: centsToDollars(amountCents), gst: centsToDollars(gstCents) },
    summary: seriesCancellationSummary(out),
  };
}

/**
 * POST /student/weekly-series/:id/cancel: every lesson of the series still to come is cancelled in one
 * transaction, each by the same use of the cancellation rule as a single cancel (its own tier, refund or
 * credit, email and audit entry). Repeating it finds nothing left and cancels nothing: idempotent.
 */
export async function cancelOwnSeries(
  ctx: AppContext,
  studentId: string,
  seriesId: string,
): Promise<CancelSeriesResponse> {
  const now = ctx.now();
  const cancelled = await ctx.transact(async (uow) => {
    const { tx } = uow;
    if (!(await findOwnSeries(tx, studentId, seriesId))) throw new AppError("not_found", "Series not found");
    const lessons = await listFutureSeriesLessons(tx, seriesId, now, { lock: true });
    const results: SeriesLessonRefund[] = [];
    for (const lesson of lessons) {
      const result = await cancelOwnLessonIn(ctx, uow, { studentId, bookingId: lesson.id, now, seriesId });
      if (!result) continue;
      results.push({
        id: lesson.id,
        startTime: lesson.startTime.toISOString(),
        tier: result.tier,
        refund: toStudentRefund(result),
      });
    }
    return results;
  });
  const { amountCents, gstCents } = totalsOf(cancelled);
  return {
    seriesId,
    cancelled,
    refund: { amount: centsToDollars(amountCents), gst: centsToDollars(gstCents) },
  };
}
