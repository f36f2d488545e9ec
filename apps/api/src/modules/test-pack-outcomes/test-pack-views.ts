import type { AdminPassPromiseClaim, PassPromiseClaim, TestPackSummary } from "@kerb/shared";
import { testCentreShown } from "@kerb/shared/rules";
import type { AdminClaimRow, ClaimRow, PackRow } from "./test-pack-outcomes.repository.ts";

export function toTestPackSummary(row: PackRow): TestPackSummary {
  return {
    bookingId: row.bookingId,
    centre: testCentreShown(row.centreId),
    testAt: row.testAt.toISOString(),
    includesWarmUp: row.includesWarmUp,
    status: row.status,
    outcome: row.outcome,
    note: row.outcomeNote,
    outcomeRecordedAt: row.outcomeRecordedAt?.toISOString() ?? null,
  };
}

export function toClaim(row: ClaimRow): PassPromiseClaim {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    testPack: toTestPackSummary(row.pack),
    credit: row.credit
      ? {
          id: row.credit.id,
          expiresAt: row.credit.expiresAt.toISOString(),
          usedByBookingId: row.credit.usedByBookingId,
        }
      : null,
  };
}

export function toAdminClaim(row: AdminClaimRow, completedLessons: number): AdminPassPromiseClaim {
  return {
    ...toClaim(row),
    student: row.student,
    instructor: row.instructor,
    completedLessons,
    decidedBy: row.decidedBy,
  };
}
