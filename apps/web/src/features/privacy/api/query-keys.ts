import { scopeKeys } from "@/lib/query-keys";

export const privacyKeys = {
  /** The current versions of the terms the signed-in person has yet to accept. */
  outstandingLegal: () => [...scopeKeys.account, "outstanding-legal"] as const,
  adminClosureRequests: () => [...scopeKeys.admin, "closure-requests"] as const,
};
