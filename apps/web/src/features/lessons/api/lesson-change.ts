import type { QueryClient } from "@tanstack/react-query";
import { instructorAvailabilityQueryKey } from "@/features/availability";
import { instructorDashboardQueryKey } from "@/features/instructor";
import { instructorEarningsQueryKey } from "@/features/payouts";
import { instructorLessonsQueryKey } from "./get-instructor-lessons";

/**
 * A lesson changed state: its lists, the dashboard counts, the earnings and the availability page's
 * conflicts (a cancelled lesson no longer clashes with a day off) all move with it.
 */
export function invalidateAfterLessonChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: instructorAvailabilityQueryKey }),
    queryClient.invalidateQueries({ queryKey: instructorLessonsQueryKey }),
    queryClient.invalidateQueries({ queryKey: instructorDashboardQueryKey }),
    queryClient.invalidateQueries({ queryKey: instructorEarningsQueryKey }),
  ]);
}
