import { scopeKeys } from "@/lib/query-keys";

export const instructorKeys = {
  dashboard: () => [...scopeKeys.instructor, "dashboard"] as const,
};
