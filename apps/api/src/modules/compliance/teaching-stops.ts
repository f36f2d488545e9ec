/**
 * Keeps an instructor's teaching stops (rules/teaching-stops.ts) in step with their standing: called in
 * the transaction of every change to it — an admin verifying, rejecting or dating documents, suspending
 * or reactivating the account — and by the compliance scan, which is how a lapsed document is noticed.
 * Idempotent: a stop already open stays open with its first start; one no longer called for ends now.
 */
import { sydneyTodayDate, type TeachingStopReason, teachingStopsDue } from "@kerb/shared/rules";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { instructorTeachingStops } from "../../db/schema/index.ts";
import { findInstructorContact } from "./compliance.repository.ts";

export async function syncTeachingStops(tx: Executor, instructorId: string, now: Date) {
  const standing = await findInstructorContact(tx, instructorId);
  if (!standing) return { opened: [], ended: [] };
  const due = teachingStopsDue(standing, sydneyTodayDate(now), now);
  const open = await tx
    .select({ reason: instructorTeachingStops.reason })
    .from(instructorTeachingStops)
    .where(
      and(eq(instructorTeachingStops.instructorId, instructorId), isNull(instructorTeachingStops.endsAt)),
    );
  const openReasons = new Set(open.map((s) => s.reason));
  const toOpen = due.filter((s) => !openReasons.has(s.reason));
  const dueReasons = new Set(due.map((s) => s.reason));
  const toEnd: TeachingStopReason[] = [...openReasons].filter((r) => !dueReasons.has(r));
  if (toOpen.length > 0) {
    await tx
      .insert(instructorTeachingStops)
      .values(toOpen.map((s) => ({ instructorId, reason: s.reason, startsAt: s.startsAt })))
      .onConflictDoNothing();
  }
  if (toEnd.length > 0) {
    await tx
      .update(instructorTeachingStops)
      .set({ endsAt: now })
      .where(
        and(
          eq(instructorTeachingStops.instructorId, instructorId),
          isNull(instructorTeachingStops.endsAt),
          inArray(instructorTeachingStops.reason, toEnd),
        ),
      );
  }
  return { opened: toOpen.map((s) => s.reason), ended: toEnd };
}
