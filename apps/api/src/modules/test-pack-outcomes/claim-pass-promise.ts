import type { PassPromiseClaimResponse } from "@kerb/shared";
import { PASS_PROMISE_ALREADY_CLAIMED, passPromiseEligibility } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import * as repo from "./test-pack-outcomes.repository.ts";
import { toClaim } from "./test-pack-views.ts";

/**
 * POST /student/test-pack-claims: the learner claims the pass promise on their failed pack
 * (rules/test-pack-outcomes.ts passPromiseEligibility says when). The claim waits for an admin.
 */
export async function claimPassPromise(
  ctx: AppContext,
  studentId: string,
  input: { bookingId: string },
): Promise<PassPromiseClaimResponse> {
  const now = ctx.now();
  let claimId: string;
  try {
    claimId = await ctx.transact(async (uow) => {
      const { tx } = uow;
      // Locked: the instructor cannot change the outcome while the claim is made on it.
      const pack = await repo.lockPack(tx, input.bookingId, repo.ownedBy(studentId));
      if (!pack) throw new AppError("not_found", "We could not find that test pack among yours");
      const [claimedBefore, completedLessons] = await Promise.all([
        repo.claimExistsForStudent(tx, studentId),
        repo.countCompletedLessons(tx, studentId),
      ]);
      const eligibility = passPromiseEligibility({
        completedLessons,
        pack: { outcome: pack.outcome, lessonStatus: pack.status },
        claimedBefore,
      });
      if (!eligibility.eligible) {
        throw new AppError("pass_promise_refused", eligibility.message, { reason: eligibility.reason });
      }
      const id = await repo.insertClaim(tx, { studentId, bookingId: input.bookingId, createdAt: now });
      await uow.audit({
        actorId: studentId,
        action: "test_pack_claim.create",
        targetType: "test_pack_claim",
        targetId: id,
        details: { bookingId: input.bookingId, outcome: pack.outcome, completedLessons },
        createdAt: now,
      });
      return id;
    });
  } catch (error) {
    // Two claims at once: the unique learner (and pack) decides, the loser hears why.
    if (pgErrorCode(error) === "23505") {
      throw new AppError("pass_promise_refused", PASS_PROMISE_ALREADY_CLAIMED, { reason: "ALREADY_CLAIMED" });
    }
    throw error;
  }
  const claim = await repo.findClaimOfStudent(ctx.db, studentId, claimId);
  if (!claim) throw new Error(`claim ${claimId} not found after insert`);
  return { claim: toClaim(claim) };
}
