import { type TimeAlertResponse, timeAlertResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { timeAlertKeys } from "./query-keys";

async function endTimeAlert(alertId: string): Promise<TimeAlertResponse> {
  return timeAlertResponse.parse(
    await apiRequest(`/student/time-alerts/${encodeURIComponent(alertId)}`, { method: "DELETE" }),
  );
}

/** DELETE /api/student/time-alerts/{id}: no more emails from this alert. */
export function useEndTimeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endTimeAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeAlertKeys.list() }),
  });
}
