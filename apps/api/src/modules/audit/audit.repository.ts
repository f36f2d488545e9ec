import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { fullNameSql } from "../../db/full-name.ts";
import { containsPattern, escapeLike } from "../../db/like-pattern.ts";
import { auditLog, users } from "../../db/schema/index.ts";
import type { AuditEntryInput } from "../../platform/unit-of-work-effects.ts";

/** Written inside the transaction of the change it records, so there is never one without the other. */
export async function insertAuditEntry(tx: Executor, entry: AuditEntryInput) {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? null });
}

interface AuditFilter {
  /** Part of the actor's email or name, case-insensitive. */
  actor?: string;
  /** An exact action, or a family when it ends in a dot (`booking.`). */
  action?: string;
  /** Entries at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
}

export async function listAuditEntries(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.actor) {
    const pattern = containsPattern(filter.actor);
    const byActor = or(ilike(users.email, pattern), ilike(fullNameSql(users), pattern));
    if (byActor) conditions.push(byActor);
  }
  if (filter.action) {
    conditions.push(
      filter.action.endsWith(".")
        ? like(auditLog.action, `${escapeLike(filter.action)}%`)
        : eq(auditLog.action, filter.action),
    );
  }
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        actorId: users.id,
        actorEmail: users.email,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type { AuditEntryInput } from "../../platform/unit-of-work-effects.ts";
