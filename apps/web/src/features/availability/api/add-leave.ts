import { type LeaveRequest, type LeaveResponse, leaveResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { applyAvailabilityChange } from "./availability-change";

/** Leave: a whole day off for every date from startDate to endDate (both included). */
async function addLeave(payload: LeaveRequest): Promise<LeaveResponse> {
  const data = await api.post("/instructor/availability/leave", payload);
  return leaveResponse.parse(data);
}

export function useAddLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLeave,
    onSuccess: (change) => applyAvailabilityChange(queryClient, change),
  });
}
