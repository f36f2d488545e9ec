import type { AvailabilityChangeResponse } from "@kerb/shared";
import type { QueryClient } from "@tanstack/react-query";
import { instructorDashboardQueryKey } from "@/features/instructor";
import { instructorAvailabilityQueryKey } from "./get-instructor-availability";

/**
 * Every availability or settings change answers with the whole new availability: store it instead of
 * refetching, and let the dashboard (rates, service areas) reload on its next visit.
 */
export function applyAvailabilityChange(queryClient: QueryClient, change: AvailabilityChangeResponse) {
  queryClient.setQueryData(instructorAvailabilityQueryKey, change.availability);
  void queryClient.invalidateQueries({ queryKey: instructorDashboardQueryKey });
}
