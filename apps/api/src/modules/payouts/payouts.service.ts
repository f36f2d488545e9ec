import {
  type AdminPayout,
  type AdminPayoutsResponse,
  DEMO_SUPPLIER_ABN,
  GST_NEEDS_ABN,
  type InstructorEarnings,
  type InstructorPayout,
  type InstructorPayoutsResponse,
  type PayoutDetails,
  type PayoutRunResponse,
} from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import {
  centsToDollars,
  chargesGst,
  formatAud,
  formatIsoDate,
  formatSydneyDate,
  formatSydneyTimeRange,
  type InstructorTaxStatus,
  instructorPayTotals,
  payoutHoldOf,
  payoutStatementNumber,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { setStripeAccountIfNone, updatePayoutDetails } from "../instructors/index.ts";
import { type EarningsCents, summarizeEarnings } from "./earnings.ts";
import { payoutProviderOf } from "./payout-provider.ts";
import { deliverPayout, runPayouts } from "./payout-run.ts";
import * as repo from "./payouts.repository.ts";
import type { PayoutStatement } from "./statement.ts";
import { renderStatementCsv } from "./statement-csv.ts";
import { renderStatementPdf } from "./statement-pdf.ts";

const NOT_FOUND = "Payout not found";

/**
 * The instructor's net earnings from lessons starting in `range` (the dashboard's month tile): the same
 * computation as GET /instructor/earnings, so the tile equals that month's net to the cent.
 */
export async function netEarningsCents(db: Executor, instructorId: string, range: { from: Date; to: Date }) {
  const groups = await repo.earningLessonsByMonthAndAmount(db, instructorId, range);
  return summarizeEarnings(groups).totals.netCents;
}

const earningsInDollars = (e: EarningsCents) => ({
  lessons: e.lessons,
  gross: centsToDollars(e.grossCents),
  platformFee: centsToDollars(e.platformFeeCents),
  net: centsToDollars(e.netCents),
  gst: centsToDollars(e.gstCents),
  total: centsToDollars(e.netCents + e.gstCents),
});

export const statementPath = (payoutId: string, format: "csv" | "pdf") =>
  `/api/instructor/payouts/${payoutId}/statement.${format}`;

function toInstructorPayout(p: repo.PayoutRow): InstructorPayout {
  return {
    id: p.id,
    periodStart: p.periodStart,
    periodEnd: p.periodEnd,
    lessons: p.lessonCount,
    gross: centsToDollars(p.grossCents),
    fee: centsToDollars(p.feeCents),
    net: centsToDollars(p.amountCents - p.gstCents),
    gst: centsToDollars(p.gstCents),
    total: centsToDollars(p.amountCents),
    status: p.status,
    statementNumber: payoutStatementNumber(p),
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    statementCsvUrl: statementPath(p.id, "csv"),
    statementPdfUrl: statementPath(p.id, "pdf"),
  };
}

function toAdminPayout(row: { payout: repo.PayoutRow; instructor: AdminPayout["instructor"] }): AdminPayout {
  const p = row.payout;
  return {
    id: p.id,
    instructor: row.instructor,
    periodStart: p.periodStart,
    periodEnd: p.periodEnd,
    lessons: p.lessonCount,
    gross: centsToDollars(p.grossCents),
    fee: centsToDollars(p.feeCents),
    gst: centsToDollars(p.gstCents),
    amount: centsToDollars(p.amountCents),
    status: p.status,
    provider: p.provider,
    providerRef: p.providerRef,
    attempts: p.attempts,
    lastError: p.lastError,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  };
}

const UNREGISTERED: InstructorTaxStatus = { abn: null, gstRegistered: false };

const LINE_DESCRIPTIONS: Record<string, string> = {
  COMPLETED: "Driving lesson",
  NO_SHOW: "Driving lesson (student did not attend)",
  CANCELLED: "Late cancellation (kept value)",
};

/** What set the lesson's value: a bundle credit at the bundle's per-lesson price, or the instructor's rate. */
function valuedBy(line: { isPoolHours: boolean; bundlePricePerLessonCents: number | null }): string {
  if (line.bundlePricePerLessonCents !== null) {
    return `bundle credit, ${formatAud(line.bundlePricePerLessonCents)} a lesson`;
  }
  return line.isPoolHours ? "pool hours" : "standard rate";
}

export function createPayoutService(ctx: AppContext) {
  async function requireOwnPayout(instructorId: string, payoutId: string) {
    const payout = await repo.findOwnPayout(ctx.db, instructorId, payoutId);
    // Another instructor's payout reads exactly like one that does not exist.
    if (!payout) throw new AppError("not_found", NOT_FOUND);
    return payout;
  }

  async function assembleStatement(payout: repo.PayoutRow): Promise<PayoutStatement> {
    const [payee, lines] = await Promise.all([
      repo.findPayee(ctx.db, payout.instructorId),
      repo.payoutLines(ctx.db, payout.id),
    ]);
    if (!payee) throw new AppError("not_found", NOT_FOUND);
    return {
      number: payoutStatementNumber(payout),
      issuedOn: formatSydneyDate(payout.createdAt),
      periodStart: formatIsoDate(payout.periodStart),
      periodEnd: formatIsoDate(payout.periodEnd),
      recipient: { name: ctx.env.SUPPLIER_NAME, abn: ctx.env.SUPPLIER_ABN },
      isDemoRecipient: ctx.env.SUPPLIER_ABN === DEMO_SUPPLIER_ABN,
      supplier: {
        name: `${payee.firstName} ${payee.lastName}`,
        email: payee.email,
        // As the payout was made up, whatever the profile says since: the RCTI is a tax record.
        abn: payout.supplierAbn,
        gstRegistered: payout.supplierGstRegistered,
      },
      lines: lines.map((line) => ({
        bookingId: line.bookingId,
        date: formatSydneyDate(line.startTime),
        time: formatSydneyTimeRange(line.startTime, line.endTime),
        description: `${LINE_DESCRIPTIONS[line.status] ?? "Driving lesson"}, ${valuedBy(line)}, ${line.suburb}`,
        student: `${line.studentFirstName} ${line.studentLastName}`,
        grossCents: line.grossCents,
        feeCents: line.grossCents - line.amountCents,
        amountCents: line.amountCents,
        gstCents: line.gstCents,
      })),
      grossCents: payout.grossCents,
      feeCents: payout.feeCents,
      amountCents: payout.amountCents - payout.gstCents,
      gstCents: payout.gstCents,
      totalCents: payout.amountCents,
      status: payout.status,
      paidOn: payout.paidAt ? formatSydneyDate(payout.paidAt) : null,
      provider: payout.provider,
    };
  }

  async function details(instructorId: string): Promise<PayoutDetails> {
    const payee = await repo.findPayee(ctx.db, instructorId);
    if (!payee) throw new AppError("not_found", "Instructor profile not found");
    const provider = payoutProviderOf(ctx).name;
    return {
      abn: payee.abn,
      gstRegistered: payee.gstRegistered,
      provider,
      stripeConnected: provider === "stripe" && payee.stripeAccountId !== null,
      payoutHold: payoutHoldOf(payee),
    };
  }

  return {
    // -------------------------------------------------------------------------------------------------
    // Instructor

    /** Earnings per Sydney month of the lesson start, newest first, and the totals. */
    async getEarnings(instructorId: string): Promise<InstructorEarnings> {
      const [groups, payee] = await Promise.all([
        repo.earningLessonsByMonthAndAmount(ctx.db, instructorId),
        repo.findPayee(ctx.db, instructorId),
      ]);
      const status = payee ?? UNREGISTERED;
      const { months, totals } = summarizeEarnings(groups, status);
      return {
        months: months.map((m) => ({ month: m.month, ...earningsInDollars(m) })),
        totals: earningsInDollars(totals),
        gstRegistered: chargesGst(status),
        payoutHold: payoutHoldOf(status),
      };
    },

    async listOwn(instructorId: string): Promise<InstructorPayoutsResponse> {
      const [rows, payoutDetails, unpaidGroups, heldGroups] = await Promise.all([
        repo.instructorPayouts(ctx.db, instructorId),
        details(instructorId),
        repo.unpaidEarningsByAmount(ctx.db, instructorId),
        repo.unpaidEarningsByAmount(ctx.db, instructorId, true),
      ]);
      const inDollars = (t: ReturnType<typeof instructorPayTotals>) => ({
        lessons: t.lessons,
        gross: centsToDollars(t.grossCents),
        fee: centsToDollars(t.feeCents),
        net: centsToDollars(t.shareCents),
        gst: centsToDollars(t.gstCents),
        total: centsToDollars(t.totalCents),
      });
      return {
        payouts: rows.map(toInstructorPayout),
        details: payoutDetails,
        unpaid: inDollars(instructorPayTotals(unpaidGroups, payoutDetails)),
        held: inDollars(instructorPayTotals(heldGroups, payoutDetails)),
      };
    },

    async statementCsv(instructorId: string, payoutId: string) {
      const payout = await requireOwnPayout(instructorId, payoutId);
      const statement = await assembleStatement(payout);
      return { filename: `Kerb-payout-${statement.number}.csv`, csv: renderStatementCsv(statement) };
    },

    async statementPdf(instructorId: string, payoutId: string) {
      const payout = await requireOwnPayout(instructorId, payoutId);
      const statement = await assembleStatement(payout);
      return { filename: `Kerb-payout-${statement.number}.pdf`, pdf: await renderStatementPdf(statement) };
    },

    details,

    async updateDetails(
      instructorId: string,
      change: { abn?: string | null; gstRegistered: boolean },
    ): Promise<PayoutDetails> {
      await ctx.transact(async (uow) => {
        const { tx } = uow;
        const payee = await repo.findPayee(tx, instructorId);
        if (!payee) throw new AppError("not_found", "Instructor profile not found");
        const abn = change.abn === undefined ? payee.abn : change.abn;
        // The request schema catches an ABN cleared with GST ticked; this catches one never given.
        if (change.gstRegistered && payoutHoldOf({ abn }) !== null) {
          throw new AppError("validation_error", GST_NEEDS_ABN, [{ path: "abn", message: GST_NEEDS_ABN }]);
        }
        await updatePayoutDetails(tx, instructorId, change);
        const before = { abn: payee.abn, gstRegistered: payee.gstRegistered };
        const after = {
          abn: change.abn === undefined ? payee.abn : change.abn,
          gstRegistered: change.gstRegistered,
        };
        // Only what changed, before → after: the ABN printed on statements is a tax record.
        if (before.abn !== after.abn || before.gstRegistered !== after.gstRegistered) {
          await uow.audit({
            actorId: instructorId,
            action: "instructor.payout_details",
            targetType: "instructor",
            targetId: instructorId,
            details: { before, after },
            createdAt: ctx.now(),
          });
        }
      });
      return details(instructorId);
    },

    /**
     * Stripe Connect Express onboarding: creates the account once, then a fresh onboarding link each
     * time (links are single-use and short-lived). Demo mode has nothing to connect: 409.
     */
    async connect(instructorId: string): Promise<{ url: string }> {
      const provider = payoutProviderOf(ctx);
      if (provider.name !== "stripe") {
        throw new AppError(
          "invalid_state",
          "Payouts run in demo mode (PAYMENT_PROVIDER=demo): they are marked paid without a bank " +
            "account, so there is no Stripe account to connect",
        );
      }
      const payee = await repo.findPayee(ctx.db, instructorId);
      if (!payee) throw new AppError("not_found", "Instructor profile not found");
      let accountId = payee.stripeAccountId;
      if (!accountId) {
        const created = await provider.createAccount({ id: instructorId, email: payee.email });
        await setStripeAccountIfNone(ctx.db, instructorId, created);
        accountId = (await repo.findPayee(ctx.db, instructorId))?.stripeAccountId ?? created;
      }
      const origin = publicOrigin(ctx.env);
      const url = await provider.onboardingUrl(accountId, {
        refreshUrl: `${origin}${paths.instructor.earnings({ stripe: "refresh" })}`,
        returnUrl: `${origin}${paths.instructor.earnings({ stripe: "return" })}`,
      });
      return { url };
    },

    // -------------------------------------------------------------------------------------------------
    // Admin

    async run(actorId: string | null): Promise<PayoutRunResponse> {
      const result = await runPayouts(ctx, ctx.now(), actorId);
      return {
        period: result.period,
        created: result.created,
        skippedWithoutAccount: result.skippedWithoutAccount,
        skippedWithoutAbn: result.skippedWithoutAbn,
        payouts: result.payouts.map((p) => ({
          id: p.id,
          instructorId: p.instructorId,
          amount: centsToDollars(p.amountCents),
          status: p.status,
          lessons: p.lessonCount,
        })),
      };
    },

    async list(query: {
      status?: repo.PayoutStatus;
      page: number;
      pageSize: number;
    }): Promise<AdminPayoutsResponse> {
      const [{ rows, total }, byStatus, unpaidGroups] = await Promise.all([
        repo.listPayouts(
          ctx.db,
          { status: query.status },
          { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
        ),
        repo.payoutTotalsByStatus(ctx.db),
        repo.unpaidEarningsByAmount(ctx.db),
      ]);
      const statusTotal = (status: repo.PayoutStatus) => {
        const found = byStatus.find((s) => s.status === status);
        return { count: found?.count ?? 0, amount: centsToDollars(found?.amountCents ?? 0) };
      };
      // Accruing is counted at the share (ex GST): GST is fixed per instructor when a payout is made up.
      const accruing = instructorPayTotals(unpaidGroups, UNREGISTERED);
      return {
        items: rows.map(toAdminPayout),
        total,
        page: query.page,
        pageSize: query.pageSize,
        summary: {
          pending: statusTotal("PENDING"),
          paid: statusTotal("PAID"),
          failed: statusTotal("FAILED"),
          accruing: {
            instructors: new Set(unpaidGroups.map((g) => g.instructorId)).size,
            lessons: accruing.lessons,
            amount: centsToDollars(accruing.totalCents),
          },
        },
      };
    },

    /** Sends a FAILED (or stuck PENDING) payout again, audited; a PAID one is 409. */
    async retry(payoutId: string, actorId: string): Promise<{ payout: AdminPayout }> {
      const before = await repo.findAdminPayout(ctx.db, payoutId);
      if (!before) throw new AppError("not_found", NOT_FOUND);
      if (before.payout.status === "PAID") {
        throw new AppError("invalid_state", "This payout has already been paid", { status: "PAID" });
      }
      await deliverPayout(ctx, payoutId, { retry: true, actorId });
      const after = await repo.findAdminPayout(ctx.db, payoutId);
      if (!after) throw new AppError("not_found", NOT_FOUND);
      return { payout: toAdminPayout(after) };
    },
  };
}
