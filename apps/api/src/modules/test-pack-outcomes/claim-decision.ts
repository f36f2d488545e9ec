/**
 * An admin's decision on a pass-promise claim (approve-pass-promise-claim.ts, decline-pass-promise-claim.ts):
 * PENDING → APPROVED or DECLINED once, audited with what the learner gets, and emailed to the learner.
 */
import type { AdminPassPromiseClaimResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { type ClaimDecision, enqueueClaimDecidedEmail } from "./claim-decided-email.ts";
import * as repo from "./test-pack-outcomes.repository.ts";
import { toAdminClaim } from "./test-pack-views.ts";

export async function decideClaim(
  ctx: AppContext,
  input: { claimId: string; adminId: string; status: "APPROVED" | "DECLINED"; note: string | null },
  /**
   * What the decision does besides its status (the approval's credit); returns the audit's extra details
   * and what the learner is told (claim-decided-email.ts).
   */
  alongside: (
    uow: UnitOfWork,
    claim: { studentId: string; bookingId: string },
    now: Date,
  ) => Promise<{ details: object; decision: ClaimDecision }>,
): Promise<AdminPassPromiseClaimResponse> {
  const now = ctx.now();
  const appUrl = publicOrigin(ctx.env);
  await ctx.transact(async (uow) => {
    const decided = await repo.decidePendingClaim(uow.tx, input.claimId, {
      status: input.status,
      decidedBy: input.adminId,
      decidedAt: now,
      decisionNote: input.note,
    });
    if (!decided) {
      const status = await repo.findClaimStatus(uow.tx, input.claimId);
      if (!status) throw new AppError("not_found", "Claim not found");
      throw new AppError(
        "claim_decided",
        `This claim was already ${status.toLowerCase()}: a claim is decided once`,
        { status },
      );
    }
    const { details, decision } = await alongside(uow, decided, now);
    // The learner (and guardians who asked for copies) hear of it once the decision commits.
    const claim = await repo.findClaimForAdmin(uow.tx, input.claimId);
    if (!claim) throw new AppError("not_found", "Claim not found");
    await enqueueClaimDecidedEmail(uow, {
      claimId: input.claimId,
      learner: claim.student,
      pack: claim.pack,
      decision,
      appUrl,
      now,
    });
    await uow.audit({
      actorId: input.adminId,
      action: input.status === "APPROVED" ? "test_pack_claim.approve" : "test_pack_claim.decline",
      targetType: "test_pack_claim",
      targetId: input.claimId,
      details: {
        before: { status: "PENDING" },
        after: { status: input.status, note: input.note },
        studentId: decided.studentId,
        bookingId: decided.bookingId,
        ...details,
      },
      createdAt: now,
    });
  });
  const row = await repo.findClaimForAdmin(ctx.db, input.claimId);
  if (!row) throw new AppError("not_found", "Claim not found");
  return { claim: toAdminClaim(row, await repo.countCompletedLessons(ctx.db, row.studentId)) };
}
