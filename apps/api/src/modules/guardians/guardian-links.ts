/**
 * Parents and guardians (issue 23, decision 032): the links between a learner and the people who
 * follow them. A learner invites one by email and may remove them at any time, which ends their access
 * at once (every guardian read checks the link is ACTIVE). The invited person accepts with a new
 * GUARDIAN account, or signs in to an existing guardian account first.
 */
import type { GuardianLink } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { hashOpaqueToken } from "../auth/index.ts";
import * as repo from "./guardians.repository.ts";

export const NOT_FOUND = "Learner not found";
const INVITATION_GONE = "This invitation is no longer valid. Ask the learner to send a new one.";

function toGuardianLink(row: Awaited<ReturnType<typeof repo.listLinksOfLearner>>[number]): GuardianLink {
  const { link, guardian } = row;
  return {
    id: link.id,
    email: link.email,
    status: link.status,
    copyEmails: link.copyEmails,
    guardian: link.status === "ACTIVE" && guardian ? guardian : null,
    invitedAt: link.invitedAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    acceptedAt: link.acceptedAt?.toISOString() ?? null,
  };
}

/**
 * A learner's, instructor's or admin's address cannot also be a guardian account (decision 032): 409,
 * with `then` saying what to do instead.
 */
export function notAGuardianAccount(then: string) {
  return new AppError(
    "not_a_guardian_account",
    `This email already has a Kerb account that is not a guardian account. ${then}`,
  );
}

/** The learner, if `guardianId` follows them now; 404 otherwise, so nothing reveals who exists. */
export async function findFollowedLearner(db: Executor, guardianId: string, learnerId: string) {
  if (!(await repo.isActiveGuardianOf(db, guardianId, learnerId))) {
    throw new AppError("not_found", NOT_FOUND);
  }
  const learner = await repo.findLearner(db, learnerId);
  if (!learner) throw new AppError("not_found", NOT_FOUND);
  return learner;
}

/** A live invitation by its token, or 404 (unknown, used, removed or lapsed: all read the same). */
export async function liveInvitation(ctx: Pick<AppContext, "db" | "now">, token: string) {
  const found = await repo.findInvitation(ctx.db, hashOpaqueToken(token));
  if (found?.link.status !== "INVITED" || found.link.expiresAt <= ctx.now()) {
    throw new AppError("not_found", INVITATION_GONE);
  }
  return found;
}

/** The learner's guardians and invitations, as their account page lists them. */
export async function listGuardiansOf(ctx: Pick<AppContext, "db">, learnerId: string) {
  return { guardians: (await repo.listLinksOfLearner(ctx.db, learnerId)).map(toGuardianLink) };
}

/**
 * The invitation becomes ACTIVE for `guardianId`, audited: `link` as `liveInvitation` read it. Between
 * that read and this write the accept may hash a password, and the learner may remove the link; the
 * write is conditional on the link still being that invitation, and refuses like `liveInvitation`
 * otherwise (rolling back whatever the accept wrote with it: a new account is not left behind).
 */
export async function activateLink(
  uow: UnitOfWork,
  link: { id: string; tokenHash: string | null },
  guardianId: string,
  now: Date,
) {
  const activated = link.tokenHash
    ? await repo.activateInvitedLink(uow.tx, { id: link.id, tokenHash: link.tokenHash }, guardianId, now)
    : undefined;
  if (!activated) throw new AppError("not_found", INVITATION_GONE);
  await uow.audit({
    actorId: guardianId,
    action: "guardian.accept",
    targetType: "guardian_link",
    targetId: link.id,
    details: { learnerId: activated.learnerId, email: activated.email },
    createdAt: now,
  });
}
