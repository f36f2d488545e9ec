import { type AvailabilityChangeResponse, availabilityChangeResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { applyAvailabilityChange } from "./availability-change";

export async function deleteAvailabilityException(id: string): Promise<AvailabilityChangeResponse> {
  const data = await apiRequest(`/instructor/availability/exceptions/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
  return availabilityChangeResponse.parse(data);
}

export function useDeleteAvailabilityException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvailabilityException,
    onSuccess: (change) => applyAvailabilityChange(queryClient, change),
  });
}
