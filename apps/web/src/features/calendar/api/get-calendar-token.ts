import { calendarTokenStatusResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type CalendarTokenStatus = z.infer<typeof calendarTokenStatusResponse>;

export async function getCalendarToken({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<CalendarTokenStatus> {
  const data = await api.get("/instructor/calendar-token", { signal });
  return calendarTokenStatusResponse.parse(data);
}

export const calendarTokenQueryKey = ["instructor", "calendar-token"] as const;

export const getCalendarTokenQueryOptions = () =>
  queryOptions({
    queryKey: calendarTokenQueryKey,
    queryFn: ({ signal }) => getCalendarToken({ signal }),
  });

/** Whether the private iCal feed is on (its URL is given only when made: rotate-calendar-token). */
export function useCalendarToken() {
  return useQuery(getCalendarTokenQueryOptions());
}
