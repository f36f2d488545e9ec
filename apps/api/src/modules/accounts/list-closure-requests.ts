import type { AdminClosureRequests } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import * as repo from "./privacy.repository.ts";

/** GET /admin/closure-requests: open requests first (oldest waiting longest at the top of them), then done. */
export async function listClosureRequests(ctx: AppContext): Promise<AdminClosureRequests> {
  const rows = await repo.listClosureRequests(ctx.db);
  return {
    requests: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      role: r.role,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      reason: r.reason,
      requestedAt: r.requestedAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    })),
  };
}
