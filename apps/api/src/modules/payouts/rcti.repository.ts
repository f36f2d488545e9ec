/** GST registration periods and RCTI agreement acceptances (db/schema/rcti.ts). */
import { RCTI_AGREEMENT_VERSION } from "@kerb/shared/rules";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { instructorGstRegistrations, rctiAgreementAcceptances, users } from "../../db/schema/index.ts";

export type GstRegistrationRow = typeof instructorGstRegistrations.$inferSelect;

/** One instructor's registration periods, oldest first. */
export function gstRegistrationsOf(db: Executor, instructorId: string) {
  return db
    .select()
    .from(instructorGstRegistrations)
    .where(eq(instructorGstRegistrations.instructorId, instructorId))
    .orderBy(asc(instructorGstRegistrations.effectiveFrom));
}

export async function insertGstRegistration(db: Executor, instructorId: string, effectiveFrom: string) {
  const [row] = await db
    .insert(instructorGstRegistrations)
    .values({ instructorId, effectiveFrom })
    .returning();
  if (!row) throw new Error("GST registration insert returned nothing");
  return row;
}

/** Ends the open registration: `effectiveTo` is the first day no longer registered. */
export async function endGstRegistration(db: Executor, id: string, effectiveTo: string) {
  await db
    .update(instructorGstRegistrations)
    .set({ effectiveTo })
    .where(and(eq(instructorGstRegistrations.id, id), isNull(instructorGstRegistrations.effectiveTo)));
}

/** Records an admin's check against the ABN Lookup; undefined when already checked (or no such row). */
export async function markGstRegistrationChecked(
  db: Executor,
  id: string,
  check: { by: string; at: Date; note: string },
) {
  const [row] = await db
    .update(instructorGstRegistrations)
    .set({ checkedBy: check.by, checkedAt: check.at, checkNote: check.note })
    .where(and(eq(instructorGstRegistrations.id, id), isNull(instructorGstRegistrations.checkedAt)))
    .returning();
  return row;
}

export async function findGstRegistration(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(instructorGstRegistrations)
    .where(eq(instructorGstRegistrations.id, id));
  return row;
}

/** Every registration nobody has checked yet, with its instructor, oldest first. */
export function uncheckedGstRegistrations(db: Executor) {
  return db
    .select({
      registration: instructorGstRegistrations,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(instructorGstRegistrations)
    .innerJoin(users, eq(users.id, instructorGstRegistrations.instructorId))
    .where(isNull(instructorGstRegistrations.checkedAt))
    .orderBy(asc(instructorGstRegistrations.createdAt), asc(instructorGstRegistrations.id));
}

/** The instructor's acceptances, newest first. */
export function rctiAcceptancesOf(db: Executor, instructorId: string) {
  return db
    .select()
    .from(rctiAgreementAcceptances)
    .where(eq(rctiAgreementAcceptances.instructorId, instructorId))
    .orderBy(sql`${rctiAgreementAcceptances.acceptedAt} desc`);
}

/**
 * Records an acceptance; undefined when one of the same version is already current (accepted twice, or
 * twice at once: the partial unique index lets one through).
 */
export async function insertRctiAcceptance(
  db: Executor,
  values: { instructorId: string; version: string; acceptedAt: Date },
) {
  const [row] = await db.insert(rctiAgreementAcceptances).values(values).onConflictDoNothing().returning();
  return row;
}

/** Asks for the agreement again: its current acceptances stop being current. Returns those re-asked. */
export function reaskRctiAgreement(db: Executor, instructorId: string, at: Date) {
  return db
    .update(rctiAgreementAcceptances)
    .set({ reaskedAt: at })
    .where(
      and(
        eq(rctiAgreementAcceptances.instructorId, instructorId),
        isNull(rctiAgreementAcceptances.reaskedAt),
      ),
    )
    .returning({ version: rctiAgreementAcceptances.version });
}

/** SQL: the instructor in `instructorIdColumn` has accepted the current agreement and not been re-asked. */
export const currentRctiAgreementSql = (instructorIdColumn: Parameters<typeof eq>[0]) =>
  sql<boolean>`exists (select 1 from ${rctiAgreementAcceptances} where ${rctiAgreementAcceptances.instructorId} = ${instructorIdColumn} and ${rctiAgreementAcceptances.version} = ${RCTI_AGREEMENT_VERSION} and ${rctiAgreementAcceptances.reaskedAt} is null)`;
