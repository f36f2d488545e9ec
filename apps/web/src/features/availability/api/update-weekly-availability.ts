import {
  type AvailabilityChangeResponse,
  availabilityChangeResponse,
  type WeeklyAvailabilityRequest,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { applyAvailabilityChange } from "./availability-change";

/** Replaces every weekly range; a weekday left out (or with no ranges) is a day off. */
async function updateWeeklyAvailability(
  payload: WeeklyAvailabilityRequest,
): Promise<AvailabilityChangeResponse> {
  const data = await apiRequest("/instructor/availability/weekly", { method: "PUT", body: payload });
  return availabilityChangeResponse.parse(data);
}

export function useUpdateWeeklyAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWeeklyAvailability,
    onSuccess: (change) => applyAvailabilityChange(queryClient, change),
  });
}
