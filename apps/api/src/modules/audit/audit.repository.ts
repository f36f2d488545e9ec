import { count, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";

export interface AuditEntryInput {
  actorId: string;
  /** `<target>.<verb>`, e.g. `instructor.verify`, `booking.cancel`. */
  action: string;
  targetType: "user" | "instructor" | "booking" | "payment" | "refund" | "bundle";
  targetId: string;
  details?: Record<string, unknown>;
  createdAt: Date;
}

/** Written inside the transaction of the change it records, so there is never one without the other. */
export async function insertAuditEntry(tx: Executor, entry: AuditEntryInput) {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? null });
}

export async function listAuditEntries(db: Executor, page: { limit: number; offset: number }) {
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
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { rows, total: total?.n ?? 0 };
}
