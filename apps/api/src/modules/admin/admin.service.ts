import type { AdminInstructor, AdminPayment, AdminUser, AuditEntry } from "@kerb/shared";
import {
  addDaysToDate,
  centsToDollars,
  DOCUMENT_EXPIRY_WARNING_DAYS,
  instructorCompliance,
  isExpiringSoon,
  isListableInstructor,
  sydneyMidnight,
  sydneyTodayDate,
  verificationDateProblems,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../unit-of-work.ts";
import { listAuditEntries } from "../audit/audit.repository.ts";
import { notifyInstructorDelisted, notifyInstructorVerified } from "../compliance/compliance.service.ts";
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

export function createAdminService(ctx: AppContext) {
  function toAdminInstructor(row: repo.InstructorRow): AdminInstructor {
    // The shared listing rule, the same one the student listing's SQL follows.
    const today = sydneyTodayDate(ctx.now());
    const compliance = {
      ...instructorCompliance(row, today),
      expiringSoon: isExpiringSoon(row.licenseExpiresOn, today) || isExpiringSoon(row.wwcExpiresOn, today),
    };
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
    /** Side effects of the change (its emails), in the same transaction. */
    afterChange?: (
      uow: UnitOfWork,
      change: { wasListed: boolean; isListed: boolean; now: Date },
    ) => Promise<unknown>,
  ): Promise<{ instructor: AdminInstructor }> {
    const now = ctx.now();
    const today = sydneyTodayDate(now);
    await ctx.transact(async (uow) => {
      const { tx } = uow;
      const current = await repo.lockInstructorProfile(tx, instructorId);
      if (!current) throw new AppError("not_found", "Instructor not found");
      const { patch, details } = buildPatch(current);
      await repo.updateInstructorProfile(tx, instructorId, patch);
      const next = { ...current, ...patch };
      await uow.audit({
        actorId: adminId,
        action,
        targetType: "instructor",
        targetId: instructorId,
        details: {
          before: current,
          after: {
            verificationStatus: next.verificationStatus,
            licenseExpiresOn: next.licenseExpiresOn,
            wwcExpiresOn: next.wwcExpiresOn,
          },
          ...details,
        },
        createdAt: now,
      });
      await afterChange?.(uow, {
        wasListed: isListableInstructor(current, today),
        isListed: isListableInstructor(next, today),
        now,
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

    async listInstructors(
      query: PageInput & {
        status?: AdminInstructor["verificationStatus"];
        search?: string;
        sort: repo.InstructorFilter["sort"];
        flagged?: boolean;
      },
    ) {
      const today = sydneyTodayDate(ctx.now());
      const { rows, total } = await repo.listInstructors(
        ctx.db,
        {
          status: query.status,
          search: query.search || undefined,
          sort: query.sort,
          // The same window as the `expiringSoon` flag (rules/instructor-listing.ts).
          flaggedUntil: query.flagged ? addDaysToDate(today, DOCUMENT_EXPIRY_WARNING_DAYS) : undefined,
        },
        toPage(query),
      );
      return paged(rows.map(toAdminInstructor), total, query);
    },

    verifyInstructor(
      adminId: string,
      instructorId: string,
      input: { licenseNumberChecked: true; licenseExpiresOn: string; wwcExpiresOn: string },
    ) {
      const now = ctx.now();
      // Both dates, both after today: the listing rule needs them, so verifying without them would
      // verify someone students still cannot find.
      const problems = verificationDateProblems(input, sydneyTodayDate(now));
      if (problems.length > 0) {
        throw new AppError(
          "validation_error",
          "An instructor can only be verified with both expiry dates recorded and in the future",
          problems,
        );
      }
      return changeInstructor(
        adminId,
        instructorId,
        "instructor.verify",
        () => ({
          patch: {
            verificationStatus: "VERIFIED",
            verifiedAt: now,
            licenseExpiresOn: input.licenseExpiresOn,
            wwcExpiresOn: input.wwcExpiresOn,
          },
          details: {
            licenseNumberChecked: true,
            licenseExpiresOn: input.licenseExpiresOn,
            wwcExpiresOn: input.wwcExpiresOn,
          },
        }),
        (uow, change) =>
          notifyInstructorVerified(uow, { instructorId, now: change.now, appUrl: publicOrigin(ctx.env) }),
      );
    },

    rejectInstructor(adminId: string, instructorId: string, input: { reason: string }) {
      return changeInstructor(
        adminId,
        instructorId,
        "instructor.reject",
        () => ({
          patch: { verificationStatus: "REJECTED", verifiedAt: null },
          // The reason lives in the audit log: it is the record of the decision.
          details: { reason: input.reason },
        }),
        // The instructor hears why; their students with lessons ahead are told and offered a way on.
        (uow, change) =>
          notifyInstructorDelisted(uow, {
            instructorId,
            now: change.now,
            appUrl: publicOrigin(ctx.env),
            wasListed: change.wasListed,
            note: input.reason,
          }),
      );
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
      return changeInstructor(
        adminId,
        instructorId,
        "instructor.compliance_update",
        () => ({ patch, details: { changed: patch } }),
        // A date moved into the past (or cleared) delists a listed instructor just like an expiry.
        async (uow, change) => {
          if (change.wasListed && !change.isListed) {
            await notifyInstructorDelisted(uow, {
              instructorId,
              now: change.now,
              appUrl: publicOrigin(ctx.env),
              wasListed: true,
            });
          }
        },
      );
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

    async listAuditLog(query: PageInput & { actor?: string; action?: string; from?: string; to?: string }) {
      const { rows, total } = await listAuditEntries(
        ctx.db,
        {
          actor: query.actor || undefined,
          action: query.action || undefined,
          // Whole Sydney days, `to` inclusive.
          from: query.from ? sydneyMidnight(query.from) : undefined,
          to: query.to ? sydneyMidnight(addDaysToDate(query.to, 1)) : undefined,
        },
        toPage(query),
      );
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
