import type { RctiAgreementResponse } from "@kerb/shared";
import { RCTI_AGREEMENT_VERSION } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { getRctiAgreement } from "./get-rcti-agreement.ts";
import { insertRctiAcceptance } from "./rcti.repository.ts";

export const RCTI_AGREEMENT_OUTDATED =
  "This agreement has been replaced by a newer version: reload the page, read it and accept that one";
export const RCTI_AGREEMENT_ALREADY_ACCEPTED =
  "You have already accepted this version of the agreement: nothing more to do";

/**
 * POST /instructor/rcti-agreement/accept: records the acceptance of the version the instructor read (and
 * audits it, in one transaction). Accepting it again — or twice at once — is a 409 that changes nothing.
 */
export async function acceptRctiAgreement(
  ctx: AppContext,
  instructorId: string,
  version: string,
): Promise<RctiAgreementResponse> {
  if (version !== RCTI_AGREEMENT_VERSION) throw new AppError("conflict", RCTI_AGREEMENT_OUTDATED);
  await ctx.transact(async (uow) => {
    const acceptedAt = ctx.now();
    const row = await insertRctiAcceptance(uow.tx, { instructorId, version, acceptedAt });
    if (!row) throw new AppError("conflict", RCTI_AGREEMENT_ALREADY_ACCEPTED);
    await uow.audit({
      actorId: instructorId,
      action: "instructor.rcti_agreement_accept",
      targetType: "instructor",
      targetId: instructorId,
      details: { version, acceptedAt: acceptedAt.toISOString() },
      createdAt: acceptedAt,
    });
  });
  return getRctiAgreement(ctx, instructorId);
}
