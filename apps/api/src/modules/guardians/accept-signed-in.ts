import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { activateLink, liveInvitation } from "./guardian-links.ts";
import * as repo from "./guardians.repository.ts";

/** The signed-in guardian follows one more learner; the invitation must be to their own email. */
export async function acceptSignedIn(ctx: AppContext, guardianId: string, token: string) {
  const { link, account } = await liveInvitation(ctx, token);
  if (account?.id !== guardianId) {
    throw new AppError("forbidden", "This invitation was sent to another email address");
  }
  await ctx.transact((uow) => activateLink(uow, link, guardianId, ctx.now()));
  return { learners: await repo.listLearnersOf(ctx.db, guardianId) };
}
