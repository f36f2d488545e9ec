import type { AuditEntry } from "@kerb/shared";
import { addDaysToDate, sydneyMidnight } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import * as repo from "./audit.repository.ts";

/**
 * GET /admin/audit-log: a page of the audit log, newest first (entries are written by each change's
 * unit of work: `uow.audit`).
 */
export async function listAuditLog(
  ctx: AppContext,
  query: PageQuery & { actor?: string; action?: string; from?: string; to?: string },
) {
  const { rows, total } = await repo.listAuditEntries(
    ctx.db,
    {
      actor: query.actor || undefined,
      action: query.action || undefined,
      // Whole Sydney days, `to` inclusive.
      from: query.from ? sydneyMidnight(query.from) : undefined,
      to: query.to ? sydneyMidnight(addDaysToDate(query.to, 1)) : undefined,
    },
    pageWindow(query),
  );
  const items: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
    actor:
      r.actorId && r.actorEmail && r.actorFirstName !== null && r.actorLastName !== null
        ? { id: r.actorId, email: r.actorEmail, firstName: r.actorFirstName, lastName: r.actorLastName }
        : null,
  }));
  return pageOf(items, total, query);
}
