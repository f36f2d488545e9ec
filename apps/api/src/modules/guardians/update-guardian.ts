import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { listGuardiansOf } from "./guardian-links.ts";
import * as repo from "./guardians.repository.ts";

/** PATCH /student/guardians/:id: whether this guardian gets copies of the learner's emails. */
export async function updateGuardian(
  ctx: AppContext,
  learnerId: string,
  linkId: string,
  patch: { copyEmails: boolean },
) {
  await ctx.transact(async ({ tx }) => {
    const link = await repo.lockLearnersLink(tx, learnerId, linkId);
    if (!link) throw new AppError("not_found", "Guardian not found");
    await repo.updateLink(tx, link.id, { copyEmails: patch.copyEmails });
  });
  return listGuardiansOf(ctx, learnerId);
}
