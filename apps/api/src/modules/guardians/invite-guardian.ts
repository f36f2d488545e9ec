import { GUARDIAN_INVITATION_DAYS } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { newOpaqueToken } from "../auth/index.ts";
import { ONE_TIME_SECRET_PLACEHOLDER } from "../notifications/index.ts";
import { guardianInvitationEmail } from "./guardian-emails.ts";
import { listGuardiansOf, NOT_FOUND, notAGuardianAccount } from "./guardian-links.ts";
import * as repo from "./guardians.repository.ts";

const DAY_MS = 86_400_000;

/** POST /student/guardians: invite someone by email (again: a fresh link, the old one stops working). */
export async function inviteGuardian(
  ctx: AppContext,
  learnerId: string,
  input: { email: string; copyEmails?: boolean | undefined },
) {
  const now = ctx.now();
  const learner = await repo.findLearner(ctx.db, learnerId);
  if (!learner) throw new AppError("not_found", NOT_FOUND);
  if (learner.email.toLowerCase() === input.email.toLowerCase()) {
    throw new AppError("validation_error", "Invite someone else: this is your own email", [
      { path: "email", message: "Invite someone else: this is your own email" },
    ]);
  }
  // Refused now rather than when the invitation is opened: such an address could never accept it.
  const role = await repo.findAccountRoleByEmail(ctx.db, input.email);
  if (role !== undefined && role !== "GUARDIAN") {
    throw notAGuardianAccount("Invite another address, such as a personal one.");
  }
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const token = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + GUARDIAN_INVITATION_DAYS * DAY_MS);
    const existing = await repo.findLiveLink(tx, learnerId, input.email);
    if (existing?.status === "ACTIVE") {
      throw new AppError("conflict", "This person is already your guardian on Kerb");
    }
    // Inviting the same address again sends a fresh link; the old one stops working.
    const link = existing
      ? await repo.updateLink(tx, existing.id, {
          tokenHash: token.hash,
          expiresAt,
          invitedAt: now,
          ...(input.copyEmails === undefined ? {} : { copyEmails: input.copyEmails }),
        })
      : await repo.insertLink(tx, {
          learnerId,
          email: input.email,
          tokenHash: token.hash,
          copyEmails: input.copyEmails ?? false,
          invitedAt: now,
          expiresAt,
        });
    if (!link) throw new AppError("not_found", NOT_FOUND);
    await uow.email({
      ...guardianInvitationEmail({
        email: input.email,
        learner,
        url: `${publicOrigin(ctx.env)}${paths.guardian.accept({ token: ONE_TIME_SECRET_PLACEHOLDER })}`,
      }),
      oneTimeSecret: token.token,
      now,
    });
    await uow.audit({
      actorId: learnerId,
      action: existing ? "guardian.reinvite" : "guardian.invite",
      targetType: "guardian_link",
      targetId: link.id,
      details: { email: input.email, copyEmails: link.copyEmails },
      createdAt: now,
    });
  });
  return listGuardiansOf(ctx, learnerId);
}
