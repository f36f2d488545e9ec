import { scopeKeys } from "@/lib/query-keys";
import type { AdminUsersParams } from "./get-admin-users";

export const accountKeys = {
  /** The signed-in person's account details: an email change refreshes them whatever the role. */
  all: scopeKeys.account,
  student: () => [...accountKeys.all, "student"] as const,
  instructor: () => [...accountKeys.all, "instructor"] as const,
  guardian: () => [...accountKeys.all, "guardian"] as const,
  adminUsers: () => [...scopeKeys.admin, "users"] as const,
  adminUserList: (query: AdminUsersParams) => [...accountKeys.adminUsers(), query] as const,
};
