import { calendarTokenResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { CalendarTokenStatus } from "./get-calendar-token";
import { calendarKeys } from "./query-keys";

type CalendarToken = z.infer<typeof calendarTokenResponse>;

/**
 * Creates the feed, or replaces its secret: the previous URL stops working at once. The answer is the
 * only time the URL is given (Kerb keeps its hash), so the card shows it from the mutation's data.
 */
async function rotateCalendarToken(): Promise<CalendarToken> {
  const data = await api.post("/instructor/calendar-token");
  return calendarTokenResponse.parse(data);
}

export function useRotateCalendarToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarToken,
    onSuccess: () => queryClient.setQueryData<CalendarTokenStatus>(calendarKeys.token(), { active: true }),
  });
}
