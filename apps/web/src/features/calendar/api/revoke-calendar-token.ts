import { okResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { CalendarTokenStatus } from "./get-calendar-token";
import { calendarKeys } from "./query-keys";

/** Turns the feed off: calendars subscribed to the old URL stop updating. */
async function revokeCalendarToken(): Promise<void> {
  const data = await apiRequest("/instructor/calendar-token", { method: "DELETE" });
  okResponse.parse(data);
}

export function useRevokeCalendarToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarToken,
    onSuccess: () => queryClient.setQueryData<CalendarTokenStatus>(calendarKeys.token(), { active: false }),
  });
}
