/**
 * The guardian_links table, and the read model of what a guardian may see of a learner they follow
 * (their lessons, bundles and payments: read here, written only by their owning modules).
 */
import { and, asc, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { guardianLinks, studentProfiles, users } from "../../db/schema/index.ts";

type GuardianLinkRow = typeof guardianLinks.$inferSelect;

const guardian = alias(users, "guardian");

/** The learner's live links (invited or active), oldest first, with the guardian's name once accepted. */
export function listLinksOfLearner(db: Executor, learnerId: string) {
  return db
    .select({
      link: guardianLinks,
      guardian: { firstName: guardian.firstName, lastName: guardian.lastName },
    })
    .from(guardianLinks)
    .leftJoin(guardian, eq(guardian.id, guardianLinks.guardianId))
    .where(and(eq(guardianLinks.learnerId, learnerId), ne(guardianLinks.status, "REMOVED")))
    .orderBy(asc(guardianLinks.invitedAt));
}

export async function findLiveLink(db: Executor, learnerId: string, email: string) {
  const [row] = await db
    .select()
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.learnerId, learnerId),
        sql`lower(${guardianLinks.email}) = lower(${email})`,
        ne(guardianLinks.status, "REMOVED"),
      ),
    )
    .for("update");
  return row;
}

export async function insertLink(db: Executor, row: typeof guardianLinks.$inferInsert) {
  const [link] = await db.insert(guardianLinks).values(row).returning();
  if (!link) throw new Error("guardian link not inserted");
  return link;
}

export async function updateLink(
  db: Executor,
  id: string,
  patch: Partial<Omit<GuardianLinkRow, "id" | "learnerId" | "email">>,
) {
  const [link] = await db.update(guardianLinks).set(patch).where(eq(guardianLinks.id, id)).returning();
  return link;
}

/**
 * The invitation `tokenHash` names becomes ACTIVE for `guardianId`, in one conditional statement: only
 * while it is still that live invitation. A removal, a withdrawal or a fresh link (re-invite) committed
 * meanwhile leaves no row to update (PostgreSQL re-checks the condition on the row a concurrent removal
 * wrote), so a removed link never turns ACTIVE. Undefined when it is no longer live.
 */
export async function activateInvitedLink(
  db: Executor,
  invitation: { id: string; tokenHash: string },
  guardianId: string,
  now: Date,
) {
  const [link] = await db
    .update(guardianLinks)
    .set({ status: "ACTIVE", guardianId, acceptedAt: now, tokenHash: null })
    .where(
      and(
        eq(guardianLinks.id, invitation.id),
        eq(guardianLinks.status, "INVITED"),
        eq(guardianLinks.tokenHash, invitation.tokenHash),
        gt(guardianLinks.expiresAt, now),
      ),
    )
    .returning();
  return link;
}

/** One of the learner's live links, locked. */
export async function lockLearnersLink(db: Executor, learnerId: string, linkId: string) {
  const [row] = await db
    .select()
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.id, linkId),
        eq(guardianLinks.learnerId, learnerId),
        ne(guardianLinks.status, "REMOVED"),
      ),
    )
    .for("update");
  return row;
}

/** An invitation by its token's hash, with the learner's first name and whether the email has an account. */
export async function findInvitation(db: Executor, tokenHash: string) {
  const learner = alias(users, "learner");
  const [row] = await db
    .select({
      link: guardianLinks,
      learner: { firstName: learner.firstName, lastName: learner.lastName },
      account: { id: users.id, role: users.role },
    })
    .from(guardianLinks)
    .innerJoin(learner, eq(learner.id, guardianLinks.learnerId))
    .leftJoin(users, sql`lower(${users.email}) = lower(${guardianLinks.email})`)
    .where(eq(guardianLinks.tokenHash, tokenHash));
  return row;
}

/** Is `guardianId` an ACTIVE guardian of `learnerId`? The one check every guardian read goes through. */
export async function isActiveGuardianOf(db: Executor, guardianId: string, learnerId: string) {
  const [row] = await db
    .select({ id: guardianLinks.id })
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.guardianId, guardianId),
        eq(guardianLinks.learnerId, learnerId),
        eq(guardianLinks.status, "ACTIVE"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The learners a guardian follows (ACTIVE links), by first name. */
export function listLearnersOf(db: Executor, guardianId: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.learnerId))
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.status, "ACTIVE")))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** Guardians who asked for copies of this learner's booking and cancellation emails. */
export function listCopyRecipients(db: Executor, learnerId: string) {
  return db
    .select({
      linkId: guardianLinks.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(
      and(
        eq(guardianLinks.learnerId, learnerId),
        eq(guardianLinks.status, "ACTIVE"),
        eq(guardianLinks.copyEmails, true),
        isNotNull(guardianLinks.guardianId),
      ),
    );
}

// ---------------------------------------------------------------------------------------------------
// What a guardian sees of one learner

const instructor = alias(users, "instructor");
const _instructorName = { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName };

export async function findLearner(db: Executor, learnerId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      suburb: studentProfiles.suburb,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(eq(users.id, learnerId), eq(users.role, "STUDENT")));
  return row;
}

/** The role of the account that has `email`, if any (case-insensitive, like sign-in). */
export async function findAccountRoleByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.role;
}

export async function findUserEmail(db: Executor, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
