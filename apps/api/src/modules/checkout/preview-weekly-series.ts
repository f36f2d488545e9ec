import type { WeeklySeriesPreview, weeklySeriesRequest } from "@kerb/shared";
import { centsToDollars, invoiceTotals } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { bookingSuburb, findStudentForCheckout } from "../students/index.ts";
import { planSeriesWeeks } from "./weekly-series-plan.ts";

/**
 * POST /student/weekly-series/preview: every week of the series as it stands (available with its
 * price, or why not with the instructor's other times that week), and the available weeks' invoice
 * totals. Nothing is held: the booking plans the learner's choices again.
 */
export async function previewWeeklySeries(
  ctx: AppContext,
  studentId: string,
  request: z.output<typeof weeklySeriesRequest>,
): Promise<WeeklySeriesPreview> {
  const student = await findStudentForCheckout(ctx.db, studentId);
  if (!student) throw new AppError("unauthorized", "Please sign in again");
  const suburb = bookingSuburb(request.suburb, student.suburb);
  const { instructor, weeks } = await planSeriesWeeks(ctx.db, {
    studentId,
    suburb,
    asked: request,
    now: ctx.now(),
  });
  const totals = invoiceTotals(weeks.flatMap((w) => (w.slot ? [w.slot.priceCents] : [])));
  return {
    instructor,
    suburb,
    weeks: weeks.map(({ slot: _slot, alternativeSlots: _alternatives, ...week }) => week),
    subtotal: centsToDollars(totals.subtotalCents),
    gst: centsToDollars(totals.gstCents),
    total: centsToDollars(totals.totalCents),
  };
}
