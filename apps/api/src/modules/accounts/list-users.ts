import type { AdminUser } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import * as repo from "./accounts.repository.ts";
import { toAdminUser } from "./admin-user.ts";

/**
 * GET /admin/users: the operator console's account search, newest first, by name or email, optionally of
 * one role.
 */
export async function listUsers(
  ctx: AppContext,
  query: PageQuery & { search?: string; role?: AdminUser["role"] },
) {
  const { rows, total } = await repo.listUsers(
    ctx.db,
    { search: query.search || undefined, role: query.role },
    pageWindow(query),
  );
  const items: AdminUser[] = rows.map(toAdminUser);
  return pageOf(items, total, query);
}
