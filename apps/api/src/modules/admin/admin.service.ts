import type {
  AdminBooking,
  AdminCancelBookingResponse,
  AdminInstructor,
  AdminPayment,
  AdminRevenue,
  AdminUser,
  AuditEntry,
} from "@kerb/shared";
import {
  addDaysToDate,
  centsToDollars,
  instructorCompliance,
  sydneyMidnight,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { insertAuditEntry, listAuditEntries } from "../audit/audit.repository.ts";
import { cancelLessonWithRefund } from "../cancellations/lesson-cancellation.ts";
import { summarizeEarnings } from "../instructors/earnings.ts";
import { deliverCardRefunds } from "../refunds/refund-queue.ts";
import * as repo from "./admin.repository.ts";

interface PageInput {
  page: number;
  pageSize: number;
}

const toPage = (p: PageInput) => ({ limit: p.pageSize, offset: (p.page - 1) * p.pageSize });
const paged = <T>(items: T[], total: number, p: PageInput) => ({
  items,
  total,
  page: p.page,
  pageSize: p.pageSize,
});
const iso = (d: Date | null) => d?.toISOString() ?? null;

function toAdminBooking(row: repo.BookingRow): AdminBooking {
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
  };
}

export function createAdminService(ctx: AppContext) {
  function toAdminInstructor(row: repo.InstructorRow): AdminInstructor {
    // The shared listing rule, the same one the student listing's SQL follows.
    const compliance = instructorCompliance(row, sydneyTodayDate(ctx.now()));
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      licenseNumber: row.licenseNumber,
      vehicleType: row.vehicleType,
      suburbs: row.suburbs,
      standardRate: centsToDollars(row.standardRateCents),
      verificationStatus: row.verificationStatus,
      verifiedAt: iso(row.verifiedAt),
      licenseExpiresOn: row.licenseExpiresOn,
      wwcExpiresOn: row.wwcExpiresOn,
      createdAt: row.createdAt.toISOString(),
      compliance,
    };
  }

  /**
   * Changes one instructor's profile and records it in the audit log, in one transaction. The
   * previous values go into the entry so the log alone tells what changed.
   */
  async function changeInstructor(
    adminId: string,
    instructorId: string,
    action: string,
    buildPatch: (current: NonNullable<Awaited<ReturnType<typeof repo.lockInstructorProfile>>>) => {
      patch: Parameters<typeof repo.updateInstructorProfile>[2];
      details?: Record<string, unknown>;
    },
  ): Promise<{ instructor: AdminInstructor }> {
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const current = await repo.lockInstructorProfile(tx, instructorId);
      if (!current) throw new AppError("not_found", "Instructor not found");
      const { patch, details } = buildPatch(current);
      await repo.updateInstructorProfile(tx, instructorId, patch);
      await insertAuditEntry(tx, {
        actorId: adminId,
        action,
        targetType: "instructor",
        targetId: instructorId,
        details: { before: current, ...details },
        createdAt: now,
      });
    });
    const row = await repo.findInstructor(ctx.db, instructorId);
    if (!row) throw new AppError("not_found", "Instructor not found");
    return { instructor: toAdminInstructor(row) };
  }

  return {
    async listUsers(query: PageInput & { search?: string; role?: AdminUser["role"] }) {
      const { rows, total } = await repo.listUsers(
        ctx.db,
        { search: query.search || undefined, role: query.role },
        toPage(query),
      );
      const items: AdminUser[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      return paged(items, total, query);
    },

    async listInstructors(query: PageInput & { status?: AdminInstructor["verificationStatus"] }) {
      const { rows, total } = await repo.listInstructors(ctx.db, { status: query.status }, toPage(query));
      return paged(rows.map(toAdminInstructor), total, query);
    },

    verifyInstructor(
      adminId: string,
      instructorId: string,
      input: { licenseNumberChecked: true; licenseExpiresOn?: string; wwcExpiresOn?: string },
    ) {
      const now = ctx.now();
      const today = sydneyTodayDate(now);
      const expired = (["licenseExpiresOn", "wwcExpiresOn"] as const).filter((k) => {
        const date = input[k];
        return date !== undefined && date < today;
      });
      if (expired.length > 0) {
        throw new AppError(
          "validation_error",
          "An instructor cannot be verified with an expiry date in the past",
          expired.map((path) => ({ path, message: "This date is in the past" })),
        );
      }
      return changeInstructor(adminId, instructorId, "instructor.verify", () => ({
        patch: {
          verificationStatus: "VERIFIED",
          verifiedAt: now,
          ...(input.licenseExpiresOn ? { licenseExpiresOn: input.licenseExpiresOn } : {}),
          ...(input.wwcExpiresOn ? { wwcExpiresOn: input.wwcExpiresOn } : {}),
        },
        details: {
          licenseNumberChecked: true,
          licenseExpiresOn: input.licenseExpiresOn ?? null,
          wwcExpiresOn: input.wwcExpiresOn ?? null,
        },
      }));
    },

    rejectInstructor(adminId: string, instructorId: string, input: { reason: string }) {
      return changeInstructor(adminId, instructorId, "instructor.reject", () => ({
        patch: { verificationStatus: "REJECTED", verifiedAt: null },
        // The reason lives in the audit log: it is the record of the decision.
        details: { reason: input.reason },
      }));
    },

    updateCompliance(
      adminId: string,
      instructorId: string,
      input: { licenseExpiresOn?: string | null; wwcExpiresOn?: string | null },
    ) {
      const patch = {
        ...(input.licenseExpiresOn === undefined ? {} : { licenseExpiresOn: input.licenseExpiresOn }),
        ...(input.wwcExpiresOn === undefined ? {} : { wwcExpiresOn: input.wwcExpiresOn }),
      };
      return changeInstructor(adminId, instructorId, "instructor.compliance_update", () => ({
        patch,
        details: { after: patch },
      }));
    },

    async listBookings(
      query: PageInput & {
        status?: AdminBooking["status"];
        from?: string;
        to?: string;
        instructorId?: string;
      },
    ) {
      const { rows, total } = await repo.listBookings(
        ctx.db,
        {
          status: query.status,
          // Whole Sydney days; the schema has checked both are real dates in order.
          from: query.from ? sydneyMidnight(query.from) : undefined,
          // `to` is inclusive: lessons starting before the next day's midnight.
          to: query.to ? sydneyMidnight(addDaysToDate(query.to, 1)) : undefined,
          instructorId: query.instructorId,
        },
        toPage(query),
      );
      return paged(rows.map(toAdminBooking), total, query);
    },

    async cancelBooking(
      adminId: string,
      bookingId: string,
      input: { reason?: string },
    ): Promise<AdminCancelBookingResponse> {
      const now = ctx.now();
      const result = await ctx.db.transaction(async (tx) => {
        const cancelled = await cancelLessonWithRefund(tx, { bookingId, cancelledBy: "ADMIN", now });
        await insertAuditEntry(tx, {
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
      await deliverCardRefunds(ctx, [result.refundId]);
      const row = await repo.findBooking(ctx.db, bookingId);
      if (!row) throw new AppError("not_found", "Booking not found");
      return {
        booking: toAdminBooking(row),
        refund: centsToDollars(result.refundCents),
        bundleCreditReturned: result.bundleCreditReturned,
      };
    },

    async listPayments(
      query: PageInput & { status?: AdminPayment["status"]; provider?: AdminPayment["provider"] },
    ) {
      const { rows, total } = await repo.listPayments(
        ctx.db,
        { status: query.status, provider: query.provider },
        toPage(query),
      );
      const items: AdminPayment[] = rows.map((r) => ({
        id: r.id,
        type: r.type,
        status: r.status,
        provider: r.provider,
        invoiceNumber: r.invoiceNumber,
        subtotal: centsToDollars(r.subtotalCents),
        gst: centsToDollars(r.gstCents),
        amount: centsToDollars(r.amountCents),
        refunded: centsToDollars(r.refundedCents),
        createdAt: r.createdAt.toISOString(),
        paidAt: iso(r.paidAt),
        user: r.user,
      }));
      return paged(items, total, query);
    },

    async getRevenue(): Promise<AdminRevenue> {
      const [lessonGroups, gstRows, refundRows] = await Promise.all([
        repo.completedLessonsByMonthAndPrice(ctx.db),
        repo.gstCollectedByMonth(ctx.db),
        repo.refundsByMonth(ctx.db),
      ]);
      const lessons = summarizeEarnings(lessonGroups);
      const gst = new Map(gstRows.map((r) => [r.month, r.gstCents]));
      const refunds = new Map(refundRows.map((r) => [r.month, r.refundCents]));
      const months = [...new Set([...lessons.months.map((m) => m.month), ...gst.keys(), ...refunds.keys()])]
        .sort()
        .reverse();
      const figures = (
        l: { lessons: number; grossCents: number; platformFeeCents: number; netCents: number } | undefined,
        gstCents: number,
        refundCents: number,
      ) => ({
        lessonsCompleted: l?.lessons ?? 0,
        gross: centsToDollars(l?.grossCents ?? 0),
        platformFees: centsToDollars(l?.platformFeeCents ?? 0),
        instructorPayouts: centsToDollars(l?.netCents ?? 0),
        gstCollected: centsToDollars(gstCents),
        refunds: centsToDollars(refundCents),
      });
      const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
      return {
        months: months.map((month) => ({
          month,
          ...figures(
            lessons.months.find((m) => m.month === month),
            gst.get(month) ?? 0,
            refunds.get(month) ?? 0,
          ),
        })),
        totals: figures(lessons.totals, sum(gst.values()), sum(refunds.values())),
      };
    },

    async listAuditLog(query: PageInput) {
      const { rows, total } = await listAuditEntries(ctx.db, toPage(query));
      const items: AuditEntry[] = rows.map((r) => ({
        id: r.id,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        details: r.details,
        createdAt: r.createdAt.toISOString(),
        actor:
          r.actorId && r.actorEmail && r.actorFirstName !== null && r.actorLastName !== null
            ? { id: r.actorId, email: r.actorEmail, firstName: r.actorFirstName, lastName: r.actorLastName }
            : null,
      }));
      return paged(items, total, query);
    },
  };
}
