import { scopeKeys } from "@/lib/query-keys";

export type ComplianceFollowUpParams = { page: number; pageSize?: number };

export type HeldLessonsParams = { page: number; pageSize?: number };

export const complianceKeys = {
  all: [...scopeKeys.admin, "compliance"] as const,
  followUp: () => [...complianceKeys.all, "follow-up"] as const,
  followUpList: (query: ComplianceFollowUpParams) => [...complianceKeys.followUp(), query] as const,
  heldLessons: () => [...complianceKeys.all, "held-lessons"] as const,
  heldLessonList: (query: HeldLessonsParams) => [...complianceKeys.heldLessons(), query] as const,
};
