import { LEGAL_DOCUMENT_VERSIONS, legalDocumentsFor } from "@kerb/shared/words";
import type { Executor } from "../db/client.ts";
import { legalAcceptances, users } from "../db/schema/index.ts";

/**
 * Seeded accounts are written straight to the database, not signed up: each is given the acceptances a
 * sign-up would have stored, so signing in as one does not stop at the accept-the-terms screen.
 */
export async function acceptCurrentTermsForEveryone(db: Executor, now: Date) {
  const everyone = await db.select({ id: users.id, role: users.role }).from(users);
  const acceptances = everyone.flatMap((u) =>
    legalDocumentsFor(u.role).map((document) => ({
      userId: u.id,
      document,
      version: LEGAL_DOCUMENT_VERSIONS[document],
      acceptedAt: now,
    })),
  );
  if (acceptances.length > 0) await db.insert(legalAcceptances).values(acceptances).onConflictDoNothing();
}
