import type { QueryClient } from "@tanstack/react-query";
import { instructorDashboardQueryKey } from "./get-instructor-dashboard";
import { instructorEarningsQueryKey } from "./get-instructor-earnings";
import { instructorLessonsQueryKey } from "./get-instructor-lessons";

/** A lesson changed state: its lists, the dashboard counts and the earnings all move with it. */
export function invalidateAfterLessonChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: instructorLessonsQueryKey }),
    queryClient.invalidateQueries({ queryKey: instructorDashboardQueryKey }),
    queryClient.invalidateQueries({ queryKey: instructorEarningsQueryKey }),
  ]);
}
