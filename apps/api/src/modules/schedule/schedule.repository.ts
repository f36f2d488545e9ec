/** The instructor's own weekly hours and date overrides, as the portal edits them. */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  availabilityExceptions,
  availabilityRules,
  howInstructorTeaches,
  instructorProfiles,
} from "../../db/schema/index.ts";

/**
 * What of the instructor's profile decides which of their lessons still fit, and their scheduling
 * settings (profile writes: instructors).
 */
export async function findTeachingSettings(db: Executor, instructorId: string) {
  const [row] = await db
    .select({
      standardRateCents: instructorProfiles.standardRateCents,
      poolOptIn: instructorProfiles.poolOptIn,
      suburbs: instructorProfiles.suburbs,
      ...howInstructorTeaches,
    })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .limit(1);
  return row;
}

export function listRules(db: Executor, instructorId: string) {
  return db
    .select({
      weekday: availabilityRules.weekday,
      startMinute: availabilityRules.startMinute,
      endMinute: availabilityRules.endMinute,
    })
    .from(availabilityRules)
    .where(eq(availabilityRules.instructorId, instructorId))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
}

export async function replaceRules(
  tx: Executor,
  instructorId: string,
  rules: Array<{ weekday: number; startMinute: number; endMinute: number }>,
) {
  await tx.delete(availabilityRules).where(eq(availabilityRules.instructorId, instructorId));
  if (rules.length > 0) {
    await tx.insert(availabilityRules).values(rules.map((r) => ({ ...r, instructorId })));
  }
}

const exceptionColumns = {
  id: availabilityExceptions.id,
  date: availabilityExceptions.date,
  kind: availabilityExceptions.kind,
  startMinute: availabilityExceptions.startMinute,
  endMinute: availabilityExceptions.endMinute,
  note: availabilityExceptions.note,
};

/** Exceptions dated `fromDate` or later, in date order. */
export function listExceptionsFrom(db: Executor, instructorId: string, fromDate: string) {
  return db
    .select(exceptionColumns)
    .from(availabilityExceptions)
    .where(
      and(eq(availabilityExceptions.instructorId, instructorId), gte(availabilityExceptions.date, fromDate)),
    )
    .orderBy(asc(availabilityExceptions.date), asc(availabilityExceptions.startMinute));
}

export function listExceptionsOn(db: Executor, instructorId: string, date: string) {
  return db
    .select(exceptionColumns)
    .from(availabilityExceptions)
    .where(and(eq(availabilityExceptions.instructorId, instructorId), eq(availabilityExceptions.date, date)));
}

export async function insertException(
  tx: Executor,
  input: {
    instructorId: string;
    date: string;
    kind: "CLOSED" | "OPEN";
    startMinute: number | null;
    endMinute: number | null;
    note: string | null;
  },
) {
  const [row] = await tx.insert(availabilityExceptions).values(input).returning(exceptionColumns);
  return row;
}

/** The instructor's exceptions dated from `fromDate` to `toDate` (both included). */
export function listExceptionsBetween(db: Executor, instructorId: string, fromDate: string, toDate: string) {
  return db
    .select(exceptionColumns)
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.instructorId, instructorId),
        gte(availabilityExceptions.date, fromDate),
        lte(availabilityExceptions.date, toDate),
      ),
    );
}

/** Whole days off (CLOSED without a window) for each date, in one statement. */
export async function insertDaysOff(tx: Executor, instructorId: string, dates: string[], note: string) {
  if (dates.length === 0) return [];
  return tx
    .insert(availabilityExceptions)
    .values(
      dates.map((date) => ({
        instructorId,
        date,
        kind: "CLOSED" as const,
        startMinute: null,
        endMinute: null,
        note,
      })),
    )
    .returning(exceptionColumns);
}

/** Deletes the instructor's own exception and returns it; undefined when they have none with that id. */
export async function deleteOwnException(db: Executor, instructorId: string, exceptionId: string) {
  const [deleted] = await db
    .delete(availabilityExceptions)
    .where(
      and(eq(availabilityExceptions.id, exceptionId), eq(availabilityExceptions.instructorId, instructorId)),
    )
    .returning(exceptionColumns);
  return deleted;
}
