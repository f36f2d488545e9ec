import { scopeKeys } from "@/lib/query-keys";

/** Under the student's scope: a booking or payment refreshes them with everything else they see. */
export const bookAgainKeys = {
  all: () => [...scopeKeys.student, "book-again"] as const,
  latest: () => [...bookAgainKeys.all(), "latest"] as const,
  lesson: (lessonId: string) => [...bookAgainKeys.all(), "lesson", lessonId] as const,
};
