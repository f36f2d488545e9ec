import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * Serialises placing lessons with these instructors until the transaction ends (an advisory lock per
 * instructor, taken in id order so two bookings of the same two instructors cannot deadlock). What the
 * exclusion constraints cannot say — travel between suburbs, buffers, the daily cap — is then checked
 * by each booking on a calendar no concurrent booking is changing (plan-lessons.ts).
 */
export async function lockInstructorSchedules(tx: Executor, instructorIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(instructorIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kerb:schedule:${id}`}, 0))`);
  }
}
