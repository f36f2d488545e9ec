import type { AdminPassPromiseClaim, PassPromiseClaim } from "@kerb/shared";
import { toTestPackSummary } from "../test-packages/index.ts";
import type { AdminClaimRow, ClaimRow } from "./test-pack-outcomes.repository.ts";

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
