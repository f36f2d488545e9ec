import { scopeKeys } from "@/lib/query-keys";

export const learningKeys = {
  assessment: () => [...scopeKeys.student, "assessment"] as const,
  logbook: () => [...scopeKeys.student, "logbook"] as const,
  progress: () => [...scopeKeys.student, "progress"] as const,
};
