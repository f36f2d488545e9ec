import { type TimeAlertListResponse, timeAlertListResponse } from "@kerb/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { timeAlertKeys } from "./query-keys";

async function getTimeAlerts({ signal }: { signal?: AbortSignal }): Promise<TimeAlertListResponse> {
  return timeAlertListResponse.parse(await api.get("/student/time-alerts", { signal }));
}

/** GET /api/student/time-alerts: the learner's alerts, active ones first. */
export function useTimeAlerts() {
  return useQuery({ queryKey: timeAlertKeys.list(), queryFn: getTimeAlerts });
}
