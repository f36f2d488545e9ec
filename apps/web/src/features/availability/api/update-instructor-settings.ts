import {
  type AvailabilityChangeResponse,
  availabilityChangeResponse,
  type InstructorSettingsRequest,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { applyAvailabilityChange } from "./availability-change";

/** Pool opt-in, service suburbs and/or standard rate; send only what changed. */
async function updateInstructorSettings(
  payload: InstructorSettingsRequest,
): Promise<AvailabilityChangeResponse> {
  const data = await apiRequest("/instructor/settings", { method: "PATCH", body: payload });
  return availabilityChangeResponse.parse(data);
}

export function useUpdateInstructorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstructorSettings,
    onSuccess: (change) => applyAvailabilityChange(queryClient, change),
  });
}
