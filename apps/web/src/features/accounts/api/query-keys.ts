import type { Role } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

/** Query of GET /api/admin/users (typed for the client; the shared schema coerces strings). */
export type AdminUsersParams = { search?: string; role?: Role; page: number; pageSize?: number };

export const accountKeys = {
  /** The signed-in person's account details: an email change refreshes them whatever the role. */
  all: scopeKeys.account,
  student: () => [...accountKeys.all, "student"] as const,
  instructor: () => [...accountKeys.all, "instructor"] as const,
  guardian: () => [...accountKeys.all, "guardian"] as const,
  adminUsers: () => [...scopeKeys.admin, "users"] as const,
  adminUserList: (query: AdminUsersParams) => [...accountKeys.adminUsers(), query] as const,
};
