import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { listGuardiansOf } from "./guardian-links.ts";
import * as repo from "./guardians.repository.ts";

/** Removes a guardian or withdraws an invitation: their access ends with this transaction. */
export async function removeGuardian(ctx: AppContext, learnerId: string, linkId: string) {
  const now = ctx.now();
  await ctx.transact(async (uow) => {
    const link = await repo.lockLearnersLink(uow.tx, learnerId, linkId);
    if (!link) throw new AppError("not_found", "Guardian not found");
    await repo.updateLink(uow.tx, link.id, { status: "REMOVED", removedAt: now, tokenHash: null });
    await uow.audit({
      actorId: learnerId,
      action: "guardian.remove",
      targetType: "guardian_link",
      targetId: link.id,
      details: { email: link.email, before: { status: link.status }, after: { status: "REMOVED" } },
      createdAt: now,
    });
  });
  return listGuardiansOf(ctx, learnerId);
}
