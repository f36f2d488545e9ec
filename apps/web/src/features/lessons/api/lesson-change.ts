import type { QueryClient } from "@tanstack/react-query";
import { availabilityKeys } from "@/features/availability";
import { payoutKeys } from "@/features/payouts";
import { lessonKeys } from "./query-keys";

/**
 * A lesson changed state: its lists, the earnings and the availability page's conflicts (a cancelled
 * lesson no longer clashes with a day off) all move with it. The dashboard, which sits above lessons,
 * asks again whenever it is opened (instructorKeys.dashboard), so it is not named here.
 */
export function invalidateAfterLessonChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: availabilityKeys.ownHours() }),
    queryClient.invalidateQueries({ queryKey: lessonKeys.instructorLessons() }),
    queryClient.invalidateQueries({ queryKey: payoutKeys.earnings() }),
  ]);
}
