import { scopeKeys } from "@/lib/query-keys";

export const jobKeys = {
  list: () => [...scopeKeys.admin, "jobs"] as const,
};
