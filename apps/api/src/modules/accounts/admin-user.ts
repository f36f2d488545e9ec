import type { AdminUser } from "@kerb/shared";
import type * as repo from "./accounts.repository.ts";

export const USER_NOT_FOUND = "User not found";

/** An account as the operator console lists it. */
export function toAdminUser(row: repo.AdminUserRow): AdminUser {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
  };
}
