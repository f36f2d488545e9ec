import type { AvailabilityChangeResponse } from "@kerb/shared";
import type { QueryClient } from "@tanstack/react-query";
import { availabilityKeys } from "./query-keys";

/**
 * Every availability or settings change answers with the whole new availability: store it instead of
 * refetching. The dashboard (rates, service areas), which sits above availability, reloads on its next
 * visit by itself (instructorKeys.dashboard).
 */
export function applyAvailabilityChange(queryClient: QueryClient, change: AvailabilityChangeResponse) {
  queryClient.setQueryData(availabilityKeys.ownHours(), change.availability);
}
