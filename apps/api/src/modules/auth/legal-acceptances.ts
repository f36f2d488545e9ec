/**
 * The versions of Kerb's terms, privacy policy and instructor agreement (words/legal-documents.ts) a user
 * accepted: stored at sign-up in the account's own transaction, asked again at sign-in after a new version.
 */
import type { Role } from "@kerb/shared";
import {
  LEGAL_DOCUMENT_VERSIONS,
  type LegalDocument,
  legalDocumentsFor,
  outstandingLegalDocuments,
} from "@kerb/shared/words";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { legalAcceptances } from "../../db/schema/index.ts";
import type { AuthenticatedUser } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./auth.repository.ts";
import { SESSION_ENDED } from "./auth-answers.ts";

/** Stores the current version of every document `role` accepts; accepting one already stored is a no-op. */
export async function recordCurrentAcceptances(
  db: Executor,
  userId: string,
  documents: readonly LegalDocument[],
  now: Date,
) {
  if (documents.length === 0) return [];
  return db
    .insert(legalAcceptances)
    .values(
      documents.map((document) => ({
        userId,
        document,
        version: LEGAL_DOCUMENT_VERSIONS[document],
        acceptedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ document: legalAcceptances.document, version: legalAcceptances.version });
}

/** At sign-up: every document the new account's role accepts, at its current version. */
export function recordSignUpAcceptances(db: Executor, userId: string, role: Role, now: Date) {
  return recordCurrentAcceptances(db, userId, legalDocumentsFor(role), now);
}

export async function listAcceptances(db: Executor, userId: string) {
  return db
    .select({
      document: legalAcceptances.document,
      version: legalAcceptances.version,
      acceptedAt: legalAcceptances.acceptedAt,
    })
    .from(legalAcceptances)
    .where(eq(legalAcceptances.userId, userId))
    .orderBy(legalAcceptances.acceptedAt);
}

/** The current versions the user has not accepted yet. */
export async function outstandingLegalFor(db: Executor, user: { id: string; role: Role }) {
  return outstandingLegalDocuments(user.role, await listAcceptances(db, user.id));
}

/**
 * POST /me/legal-acceptances: the user accepts the versions they were shown. A version that is not the
 * current one (a page left open across a change) is 409, so nobody is recorded as accepting words they
 * were not shown; accepting what is already accepted (two tabs at once) is not an error.
 */
export async function acceptLegalDocuments(
  ctx: AppContext,
  user: AuthenticatedUser,
  documents: ReadonlyArray<{ document: LegalDocument; version: string }>,
) {
  const found = await repo.findUserById(ctx.db, user.id);
  if (!found) throw new AppError("unauthorized", SESSION_ENDED);
  const allowed = legalDocumentsFor(found.role);
  for (const { document, version } of documents) {
    if (!allowed.includes(document)) {
      throw new AppError(
        "validation_error",
        `The ${document.toLowerCase().replaceAll("_", " ")} is not one your account accepts.`,
      );
    }
    if (LEGAL_DOCUMENT_VERSIONS[document] !== version) {
      throw new AppError(
        "conflict",
        "A newer version of this document has been published since you opened the page. Please read it and accept again.",
      );
    }
  }
  const now = ctx.now();
  await ctx.transact(async (uow) => {
    const stored = await recordCurrentAcceptances(
      uow.tx,
      user.id,
      documents.map((d) => d.document),
      now,
    );
    if (stored.length > 0) {
      await uow.audit({
        actorId: user.id,
        action: "user.legal_accept",
        targetType: "user",
        targetId: user.id,
        createdAt: now,
        details: { documents: stored },
      });
    }
  });
  return { outstandingLegal: await outstandingLegalFor(ctx.db, found) };
}
