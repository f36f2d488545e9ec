import { type CreateTimeAlertRequest, type TimeAlertResponse, timeAlertResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { timeAlertKeys } from "./query-keys";

async function createTimeAlert(request: CreateTimeAlertRequest): Promise<TimeAlertResponse> {
  return timeAlertResponse.parse(await api.post("/student/time-alerts", request));
}

/** POST /api/student/time-alerts: "tell me about earlier times". */
export function useCreateTimeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTimeAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeAlertKeys.list() }),
  });
}
