import type { AdminPassPromiseClaimResponse } from "@kerb/shared";
import { passPromiseCreditExpiry } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { decideClaim } from "./claim-decision.ts";
import * as repo from "./test-pack-outcomes.repository.ts";

/**
 * POST /admin/test-pack-claims/:id/approve: the learner gets a test-pack credit (PASS_PROMISE, nothing
 * paid, 12 months to spend it on a pack with any instructor who offers them), and an email saying until
 * when and how to book it.
 *
 * The ledger: nothing is posted here. What the promise costs Kerb is the instructor's share of the pack
 * the credit is spent on, unknown until the learner books one (instructors price packs differently);
 * no money moves at approval. It is posted to PROMOTION_COSTS when that pack is taught (ledger
 * postLessonEarned → lesson.promotion).
 */
export function approvePassPromiseClaim(
  ctx: AppContext,
  adminId: string,
  claimId: string,
): Promise<AdminPassPromiseClaimResponse> {
  return decideClaim(ctx, { claimId, adminId, status: "APPROVED", note: null }, async (uow, claim, now) => {
    const expiresAt = passPromiseCreditExpiry(now);
    const creditId = await repo.insertPassPromiseCredit(uow.tx, {
      studentId: claim.studentId,
      claimId,
      expiresAt,
      createdAt: now,
    });
    return {
      details: { creditId, expiresAt: expiresAt.toISOString() },
      decision: { status: "APPROVED", creditExpiresAt: expiresAt },
    };
  });
}
