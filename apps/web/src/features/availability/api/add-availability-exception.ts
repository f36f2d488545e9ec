import {
  type AvailabilityChangeResponse,
  type AvailabilityExceptionRequest,
  availabilityChangeResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { applyAvailabilityChange } from "./availability-change";

/** A date override: the whole day off (CLOSED) or different hours for that date (OPEN). */
async function addAvailabilityException(
  payload: AvailabilityExceptionRequest,
): Promise<AvailabilityChangeResponse> {
  const data = await api.post("/instructor/availability/exceptions", payload);
  return availabilityChangeResponse.parse(data);
}

export function useAddAvailabilityException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAvailabilityException,
    onSuccess: (change) => applyAvailabilityChange(queryClient, change),
  });
}
