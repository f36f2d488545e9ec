/**
 * How a lesson is shown in the API's answers: to its instructor (with what it earns, the learner's
 * assessment and the lesson record), to the operator console, and what a student's cancellation gave back.
 */
import type {
  AdminBooking,
  AdminCancelBookingResponse,
  InstructorLesson,
  LessonSkill,
  ResolveNoShowDisputeResponse,
  StudentRefund,
} from "@kerb/shared";
import {
  type CancellationOutcome,
  centsToDollars,
  instructorPayLine,
  isFocusSkill,
  noShowDisputeClosesAt,
  noShowResolutionOf,
  payableGrossCents,
} from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { type AdminLessonRow, findAdminLesson, type InstructorLessonRow } from "./lesson-reads.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The lesson's own facts, as the operator and its instructor both see them (lesson-columns.ts). */
function lessonFacts(row: InstructorLessonRow | AdminLessonRow) {
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status,
    price: centsToDollars(row.priceCents),
    isPoolHours: row.isPoolHours,
    suburb: row.suburb,
    pickupLocation: row.pickupLocation,
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelledBy: row.cancelledBy,
    refund: row.refundCents === null ? null : centsToDollars(row.refundCents),
  };
}

/** The lesson as its instructor sees it in the portal, the dashboard and after each change. */
export function toInstructorLesson(row: InstructorLessonRow): InstructorLesson {
  return {
    ...lessonFacts(row),
    paidWithBundle: row.bundleId !== null,
    ...instructorShareOf(row),
    bundleCredit: bundleCreditOf(row),
    payIfTaught: payIfTaughtOf(row),
    student: row.student,
    studentId: row.studentId,
    assessment: assessmentOf(row.assessment),
    record: recordOf(row.record),
  };
}

/** The learner's assessment as their instructor sees it; null when they have answered nothing. */
function assessmentOf(a: InstructorLessonRow["assessment"]): InstructorLesson["assessment"] {
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
function recordOf(r: InstructorLessonRow["record"]): InstructorLesson["record"] {
  if (!r?.createdAt || !r.updatedAt) return null;
  return {
    skills: (r.skills ?? []) as LessonSkill[],
    note: r.note ?? "",
    logbookConfirmedAt: r.logbookConfirmedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const taxStatusOf = (row: InstructorLessonRow) => ({
  abn: row.instructorAbn,
  gstRegistered: row.instructorGstRegistered === true,
});

/**
 * What the instructor keeps of a finished lesson and the GST paid on top of it, by the rule payouts pay
 * with; both null while it is not over.
 */
function instructorShareOf(
  row: InstructorLessonRow,
): Pick<InstructorLesson, "instructorShare" | "instructorShareGst"> {
  const finished = row.status === "COMPLETED" || row.status === "NO_SHOW" || row.status === "CANCELLED";
  if (!finished || (row.paymentId === null && row.bundleId === null)) {
    return { instructorShare: null, instructorShareGst: null };
  }
  const line = instructorPayLine(payableGrossCents(row), taxStatusOf(row));
  return {
    instructorShare: centsToDollars(line.shareCents),
    instructorShareGst: centsToDollars(line.gstCents),
  };
}

/**
 * What a credit-paid lesson earns, line by line as the payout will pay it: before it is over, what it
 * earns once taught (its price); after, what it did earn (0 when the credit went back).
 */
function bundleCreditOf(row: InstructorLessonRow): InstructorLesson["bundleCredit"] {
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
function payIfTaughtOf(row: InstructorLessonRow): InstructorLesson["payIfTaught"] {
  if (row.status !== "SCHEDULED" || (row.paymentId === null && row.bundleId === null)) return null;
  const line = instructorPayLine(row.priceCents, taxStatusOf(row));
  return { earns: centsToDollars(line.shareCents), gst: centsToDollars(line.gstCents) };
}

/** The lesson as the operator console lists it, with its no-show dispute window when it was one. */
export function toAdminBooking(row: AdminLessonRow): AdminBooking {
  return {
    ...lessonFacts(row),
    paymentId: row.paymentId,
    bundleId: row.bundleId,
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
export async function adminLessonOutcome(
  db: Executor,
  bookingId: string,
  result: { refundCents: number; bundleCreditReturned: boolean },
): Promise<AdminCancelBookingResponse & ResolveNoShowDisputeResponse> {
  const row = await findAdminLesson(db, bookingId);
  if (!row) throw new AppError("not_found", "Booking not found");
  return {
    booking: toAdminBooking(row),
    refund: centsToDollars(result.refundCents),
    bundleCreditReturned: result.bundleCreditReturned,
  };
}

/** What a student got back, as their cancellation answers say it. */
export function toStudentRefund(
  outcome: Pick<CancellationOutcome, "refundCents" | "refundGstCents" | "method">,
) {
  return {
    amount: centsToDollars(outcome.refundCents),
    gst: centsToDollars(outcome.refundGstCents),
    method: outcome.method,
  } satisfies StudentRefund;
}
