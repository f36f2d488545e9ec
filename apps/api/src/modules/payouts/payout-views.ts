import type { AdminPayout, InstructorPayout } from "@kerb/shared";
import { centsToDollars, type InstructorTaxStatus, payoutStatementNumber } from "@kerb/shared/rules";
import type * as repo from "./payouts.repository.ts";

export const PAYOUT_NOT_FOUND = "Payout not found";

/** Where the instructor downloads a payout's statement (payouts.routes.ts, under /api/instructor). */
const statementPath = (payoutId: string, format: "csv" | "pdf") =>
  `/api/instructor/payouts/${payoutId}/statement.${format}`;

/** A payout as the instructor's payouts page shows it, with its statement links. */
export function toInstructorPayout(p: repo.PayoutRow): InstructorPayout {
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

/** A payout as the operator's payouts page shows it. */
export function toAdminPayout(row: {
  payout: repo.PayoutRow;
  instructor: AdminPayout["instructor"];
}): AdminPayout {
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

/** No ABN, not registered for GST: the tax status of an instructor who never said. */
export const UNREGISTERED: InstructorTaxStatus = { abn: null, gstRegistered: false };
